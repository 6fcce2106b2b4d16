import { clearCookie, readCookie } from "@/lib/auth/cookies";
import { verifySignInCode } from "@/lib/auth/otp-sign-in";
import { tokensResponse } from "@/lib/auth/respond";
import { contracts } from "@/lib/contracts";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

export const POST = route(contracts.verifyOtp, async ({ req, body }) => {
  const { email, code } = await body();
  const ip = clientIp(req);
  const { tokens, user } = await verifySignInCode(await db(), {
    email,
    code,
    requestSecret: readCookie(req, "otp_request"),
    userAgent: req.headers.get("user-agent"),
    ip,
    addressKey: ipLimitKey(ip),
  });
  const res = tokensResponse(tokens, user);
  res.headers.append("Set-Cookie", clearCookie("otp_request"));
  return res;
});
