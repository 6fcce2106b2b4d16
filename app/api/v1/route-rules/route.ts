import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { handle, ok } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";
import { isExternalTarget, lookupRouteRule } from "@/lib/redirects/store";

export const dynamic = "force-dynamic";

const query = z.object({ path: z.string().startsWith("/").max(2048) });

/** SHELL-9: the per-path lookup — a redirect (internal or external) and the path's middleware settings. */
export const GET = handle(async (req: Request) => {
  const parsed = query.safeParse(Object.fromEntries(cleanQuery(req.url)));
  if (!parsed.success)
    throw new ApiError("validation_failed", undefined, {}, { path: "must be a path starting with /" });
  const rule = lookupRouteRule(parsed.data.path);
  return ok({
    path: parsed.data.path,
    redirect: rule
      ? { target: rule.target, external: isExternalTarget(rule.target), permanent: rule.permanent }
      : null,
    middleware: rule?.middleware ?? {},
  });
});
