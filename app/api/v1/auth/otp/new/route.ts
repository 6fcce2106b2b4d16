import { otpDelivery } from "@/lib/auth/otp-delivery";
import { OTP_CODE_LENGTH, OTP_TTL_SECONDS } from "@/lib/auth/otp-policy";
import { handle, ok } from "@/lib/http/respond";

/**
 * AUTH-2: how sign-in codes travel (`smtp`, or `console` without SMTP_URL) and their shape. `enabled` stays
 * for clients written when codes could be off; sign-in by code is now always on.
 */
export const GET = handle(async () => {
  return ok({
    enabled: true,
    delivery: otpDelivery(),
    code_length: OTP_CODE_LENGTH,
    expires_in: OTP_TTL_SECONDS,
  });
});
