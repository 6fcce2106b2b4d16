import { clearCookie, readCookie } from "@/lib/auth/cookies";
import { CALLBACK_LIMIT } from "@/lib/auth/oauth/policy";
import { enabledProvider, finishSignIn } from "@/lib/auth/oauth/sign-in";
import { tokensResponse } from "@/lib/auth/respond";
import { contracts } from "@/lib/contracts";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { enforce } from "@/lib/limits/rate-limit";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

/** The limit counts before the body is read: a flood of malformed posts is limited like any other. */
export const POST = route(contracts.finishOAuth, async ({ req, params, body }) => {
  const provider = enabledProvider(params.provider);
  const database = await db();
  const ip = clientIp(req);
  await enforce(database, [{ key: `oauth-callback:${ipLimitKey(ip)}`, ...CALLBACK_LIMIT }]);
  const response = await body();
  const { tokens, user } = await finishSignIn(database, {
    provider,
    response,
    browserSecret: readCookie(req, "oauth_flow"),
    userAgent: req.headers.get("user-agent"),
    ip,
  });
  const res = tokensResponse(tokens, user);
  res.headers.append("Set-Cookie", clearCookie("oauth_flow"));
  return res;
});
