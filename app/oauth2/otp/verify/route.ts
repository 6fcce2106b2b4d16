import { z } from "zod";
import { accountForIdentity } from "@/lib/auth/accounts";
import { clearCookie, readCookie } from "@/lib/auth/cookies";
import { checkCode } from "@/lib/auth/otp";
import { OTP_BODY_LIMIT, otpCode, otpEmail } from "@/lib/auth/otp-input";
import { otpLimitKeys, verifyLimits } from "@/lib/auth/otp-policy";
import { tokensResponse } from "@/lib/auth/respond";
import { createSession } from "@/lib/auth/sessions";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { handle, parseJson } from "@/lib/http/respond";
import { enforce, reset } from "@/lib/limits/rate-limit";
import { db } from "@/lib/server/runtime";

const body = z.object({ email: otpEmail, code: otpCode });

/**
 * AUTH-2: trades a mailed code for a session. Only the browser that asked for the code can use it (its
 * otp_request cookie is required, there is no way around it in the body). A wrong code is a 400, never a
 * 401: a client answers 401 `unauthorized` by renewing its tokens, which would be pointless here.
 */
export const POST = handle(async (req) => {
  const { email, code } = await parseJson(req, body, { maxBytes: OTP_BODY_LIMIT });
  const database = await db();
  const ip = clientIp(req);
  await enforce(database, verifyLimits(email, ipLimitKey(ip)), "otp_verify_limited");
  const result = await checkCode(database, { email, code, requestSecret: readCookie(req, "otp_request") });
  if (!result.ok) {
    if (result.reason !== "invalid") throw new ApiError("bad_request", `otp_${result.reason}`);
    const last = result.triesLeft === 1;
    throw new ApiError("bad_request", last ? "otp_invalid_last" : "otp_invalid", { tries: result.triesLeft });
  }
  // A mailed code proves the address, so it is a verified one and links to an account that has it.
  const { user } = await accountForIdentity(
    database,
    { provider: "email", subject: email, email, emailVerified: true },
    result.referralCode,
  );
  const tokens = await createSession(database, user.id, {
    method: "email",
    userAgent: req.headers.get("user-agent"),
    ip,
  });
  await reset(database, otpLimitKeys.verifyEmail(email));
  const res = tokensResponse(tokens, user);
  res.headers.append("Set-Cookie", clearCookie("otp_request"));
  return res;
});
