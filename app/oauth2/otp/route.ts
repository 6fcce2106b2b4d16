import { z } from "zod";
import { cleanReferral } from "@/lib/auth/accounts";
import { setCookie } from "@/lib/auth/cookies";
import { discardCode, issueCode, supersedeOlderCodes } from "@/lib/auth/otp";
import { deliverCode } from "@/lib/auth/otp-delivery";
import { OTP_BODY_LIMIT, otpEmail } from "@/lib/auth/otp-input";
import { sendLimits } from "@/lib/auth/otp-policy";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { requestLocale } from "@/lib/http/locale";
import { handle, ok, parseJson } from "@/lib/http/respond";
import { locales } from "@/lib/i18n/routing";
import { enforce } from "@/lib/limits/rate-limit";
import { logger } from "@/lib/logger";
import { db } from "@/lib/server/runtime";

const log = logger("otp");

const body = z.object({
  email: otpEmail,
  locale: z.enum(locales).optional(),
  // A malformed referral code is dropped (cleanReferral), never a reason to refuse the sign-in.
  referral_code: z.string().max(500).optional().catch(undefined),
});

/**
 * AUTH-2: mails a sign-in code (or prints it in the server console without SMTP_URL). The answer is the same whether or not the address has an account. The
 * code is bound to this browser by the otp_request cookie; an API client keeps that cookie like any
 * other and sends it back to /oauth2/otp/verify.
 */
export const POST = handle(async (req) => {
  const input = await parseJson(req, body, { maxBytes: OTP_BODY_LIMIT });
  const database = await db();
  await enforce(database, sendLimits(input.email, ipLimitKey(clientIp(req))), "otp_send_limited");
  const issued = await issueCode(database, {
    email: input.email,
    referralCode: cleanReferral(input.referral_code),
  });
  try {
    await deliverCode({
      email: input.email,
      code: issued.code,
      locale: input.locale ?? requestLocale(req),
      expiresAt: issued.expiresAt,
    });
  } catch (err) {
    await discardCode(database, issued.id);
    log.error(`sending the code mail failed: ${err instanceof Error ? err.message : err}`);
    throw new ApiError("service_unavailable", "otp_send_failed");
  }
  await supersedeOlderCodes(database, input.email, issued.id);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie("otp_request", issued.requestSecret));
  return ok({ request_id: issued.id, expires_in: issued.expiresIn }, { headers });
});
