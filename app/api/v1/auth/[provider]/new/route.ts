import { readCookie, setCookie } from "@/lib/auth/cookies";
import { prefersJson } from "@/lib/auth/oauth/authorize";
import { START_LIMIT } from "@/lib/auth/oauth/policy";
import { enabledProvider, startSignIn } from "@/lib/auth/oauth/sign-in";
import { contracts } from "@/lib/contracts";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { enforce } from "@/lib/limits/rate-limit";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

/** Either way the flow is bound to this browser by cookie. */
export const GET = route(contracts.startOAuth, async ({ ok, req, params, query, locale }) => {
  const provider = enabledProvider(params.provider);
  const database = await db();
  await enforce(database, [{ key: `oauth-start:${ipLimitKey(clientIp(req))}`, ...START_LIMIT }]);
  const { url, browserSecret } = await startSignIn(database, {
    provider,
    locale,
    referralCode: query["referral-code"],
    browserSecret: readCookie(req, "oauth_flow"),
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie("oauth_flow", browserSecret));
  if (prefersJson(req.headers.get("accept"))) return ok({ url }, { headers });
  headers.set("Location", url);
  return new Response(null, { status: 302, headers });
});
