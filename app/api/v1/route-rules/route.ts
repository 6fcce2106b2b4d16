import { contracts } from "@/lib/contracts";
import { ApiError } from "@/lib/http/errors";
import { isExternalTarget, lookupRouteRule } from "@/lib/redirects/store";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

export const GET = route(
  contracts.routeRules,
  async ({ ok, query: { path } }) => {
    const rule = lookupRouteRule(path);
    return ok({
      path,
      redirect: rule
        ? { target: rule.target, external: isExternalTarget(rule.target), permanent: rule.permanent }
        : null,
      middleware: rule?.middleware ?? {},
    });
  },
  {
    invalidQuery: () =>
      new ApiError("validation_failed", undefined, {}, { path: "must be a path starting with /" }),
  },
);
