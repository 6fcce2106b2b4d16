import { type Config, config } from "@/lib/config";
import type { Locale } from "@/lib/i18n/routing";
import { otpMail } from "@/lib/mail/otp-mail";
import { sendMail } from "@/lib/mail/transport";
import { OTP_TTL_SECONDS } from "./otp-policy";

/**
 * How codes reach people. Without SMTP_URL a developer still signs in (the code is in the server log), but
 * a production server turns sign-in by code off: a code only in a log nobody reads is an outage in disguise.
 */
export type OtpDelivery = "smtp" | "log" | "off";

export function otpDelivery(cfg: Pick<Config, "SMTP_URL" | "isProduction"> = config()): OtpDelivery {
  if (cfg.SMTP_URL) return "smtp";
  return cfg.isProduction ? "off" : "log";
}

export async function deliverCode(input: { email: string; code: string; locale: Locale }): Promise<void> {
  const mode = otpDelivery();
  if (mode === "log") {
    console.log(`[otp] sign-in code for ${input.email}: ${input.code} (SMTP_URL is not set, so no mail)`);
    return;
  }
  if (mode === "off") throw new Error("sign-in by e-mail code is off: SMTP_URL is not set");
  await sendMail(
    otpMail({
      to: input.email,
      code: input.code,
      locale: input.locale,
      appName: config().APP_NAME,
      minutes: OTP_TTL_SECONDS / 60,
    }),
  );
}
