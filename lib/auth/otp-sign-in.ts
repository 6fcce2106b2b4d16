import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { Locale } from "@/lib/i18n/routing";
import { enforce, reset } from "@/lib/limits/rate-limit";
import { logger } from "@/lib/logger";
import { accountForIdentity, cleanReferral } from "./accounts";
import { checkCode, discardCode, issueCode, supersedeOlderCodes } from "./otp";
import { deliverCode } from "./otp-delivery";
import { otpLimitKeys, sendLimits, verifyLimits } from "./otp-policy";
import { createSession, type TokenPair, type User } from "./sessions";

const log = logger("otp");

/**
 * Sign-in by a mailed code (AUTH-2), its two steps. The routes (app/oauth2/otp) only turn the results into
 * responses and cookies: the otp_request cookie binds a code to the browser that asked for it.
 */

export type CodeRequest = { email: string; locale: Locale; referralCode?: string; addressKey: string };

/**
 * Mails a code (or prints it in the server console without SMTP_URL), whether or not the address has an
 * account. A code that could not be sent is discarded, so it never counts against the next one.
 */
export async function sendSignInCode(db: Db, request: CodeRequest) {
  await enforce(db, sendLimits(request.email, request.addressKey), "otp_send_limited");
  const issued = await issueCode(db, {
    email: request.email,
    referralCode: cleanReferral(request.referralCode),
  });
  try {
    await deliverCode({
      email: request.email,
      code: issued.code,
      locale: request.locale,
      expiresAt: issued.expiresAt,
    });
  } catch (err) {
    await discardCode(db, issued.id);
    log.error(`sending the code mail failed: ${err instanceof Error ? err.message : err}`);
    throw new ApiError("service_unavailable", "otp_send_failed");
  }
  await supersedeOlderCodes(db, request.email, issued.id);
  return { requestId: issued.id, expiresIn: issued.expiresIn, requestSecret: issued.requestSecret };
}

export type CodeAnswer = {
  email: string;
  code: string;
  /** The otp_request cookie: there is no way around it in the body. */
  requestSecret: string | undefined;
  userAgent: string | null;
  ip: string;
  addressKey: string;
};

/**
 * Trades a code for a session. A wrong code is a 400, never a 401: a client answers 401 `unauthorized` by
 * renewing its tokens, which would be pointless here.
 */
export async function verifySignInCode(
  db: Db,
  answer: CodeAnswer,
): Promise<{ tokens: TokenPair; user: User }> {
  const { email, code } = answer;
  await enforce(db, verifyLimits(email, answer.addressKey), "otp_verify_limited");
  const result = await checkCode(db, { email, code, requestSecret: answer.requestSecret });
  if (!result.ok) {
    if (result.reason !== "invalid") throw new ApiError("bad_request", `otp_${result.reason}`);
    const last = result.triesLeft === 1;
    throw new ApiError("bad_request", last ? "otp_invalid_last" : "otp_invalid", { tries: result.triesLeft });
  }
  // A mailed code proves the address, so it is a verified one and links to an account that has it.
  const { user } = await accountForIdentity(
    db,
    { provider: "email", subject: email, email, emailVerified: true },
    result.referralCode,
  );
  const tokens = await createSession(db, user.id, {
    method: "email",
    userAgent: answer.userAgent,
    ip: answer.ip,
  });
  await reset(db, otpLimitKeys.verifyEmail(email));
  return { tokens, user };
}
