import "server-only";
import { type Config, config } from "@/lib/config";
import type { Locale } from "@/lib/i18n/routing";
import { otpMail } from "@/lib/mail/otp-mail";
import { sendMail } from "@/lib/mail/transport";
import { otpConsoleBlock } from "./otp-console-block";
import { OTP_TTL_SECONDS } from "./otp-policy";

/**
 * How codes reach people: by SMTP when SMTP_URL is set, otherwise printed in the server console, in
 * development and production alike, so a fresh `npm start` can be signed in to by whoever runs it. The code
 * is never in the HTTP answer either way: only the person at the server's console or mailbox sees it.
 */
export type OtpDelivery = "smtp" | "console";

export function otpDelivery(cfg: Pick<Config, "SMTP_URL"> = config()): OtpDelivery {
  return cfg.SMTP_URL ? "smtp" : "console";
}

/** The one start-up line that says why codes are in the console and how to have them e-mailed. */
export function consoleDeliveryWarning(): string {
  return (
    "SMTP_URL is not set: sign-in codes are printed here in a framed block instead of e-mailed. " +
    "To e-mail them, set SMTP_URL=smtp://user:pass@smtp.example.com:587 (or smtps://…:465) and restart; " +
    'see "First run" in README.md.'
  );
}

export async function deliverCode(input: {
  email: string;
  code: string;
  locale: Locale;
  expiresAt: Date;
}): Promise<void> {
  const minutes = OTP_TTL_SECONDS / 60;
  if (otpDelivery() === "console") {
    // The console is the delivery here, not a log: the block goes to stdout as text for the person at the
    // terminal, never through the logger, so no JSON line (and no log collector) ever holds the code.
    // One write for the whole block, so concurrent output cannot land between its lines.
    console.log(`\n${otpConsoleBlock({ ...input, appName: config().APP_NAME, minutes })}\n`);
    return;
  }
  await sendMail(
    otpMail({
      to: input.email,
      code: input.code,
      locale: input.locale,
      appName: config().APP_NAME,
      minutes,
    }),
  );
}
