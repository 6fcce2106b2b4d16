import { otpDelivery } from "@/lib/auth/otp-delivery";
import { OTP_CODE_LENGTH, OTP_TTL_SECONDS } from "@/lib/auth/otp-policy";
import { contracts } from "@/lib/contracts";
import { route } from "@/lib/server/route";

export const GET = route(contracts.otpSettings, async ({ ok }) =>
  ok({ enabled: true, delivery: otpDelivery(), code_length: OTP_CODE_LENGTH, expires_in: OTP_TTL_SECONDS }),
);
