import { otpDelivery } from "@/lib/auth/otp-delivery";
import { OTP_CODE_LENGTH, OTP_TTL_SECONDS } from "@/lib/auth/otp-policy";
import { handle, ok } from "@/lib/http/respond";

/** AUTH-2: what the sign-in page needs to decide whether to offer sign-in by e-mail code. */
export const GET = handle(async () => {
  const delivery = otpDelivery();
  return ok({
    enabled: delivery !== "off",
    delivery,
    code_length: OTP_CODE_LENGTH,
    expires_in: OTP_TTL_SECONDS,
  });
});
