import { setCookie } from "@/lib/auth/cookies";
import { sendSignInCode } from "@/lib/auth/otp-sign-in";
import { contracts } from "@/lib/contracts";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { route } from "@/lib/server/route";
import { db } from "@/lib/server/runtime";

/** An API client keeps the otp_request cookie like any other and sends it back to /oauth2/otp/verify. */
export const POST = route(contracts.sendOtp, async ({ ok, req, locale, body }) => {
  const input = await body();
  const sent = await sendSignInCode(await db(), {
    email: input.email,
    locale: input.locale ?? locale,
    referralCode: input.referral_code,
    addressKey: ipLimitKey(clientIp(req)),
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie("otp_request", sent.requestSecret));
  return ok({ request_id: sent.requestId, expires_in: sent.expiresIn }, { headers });
});
