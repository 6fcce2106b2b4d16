import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";
import { mailHtml, mailParagraph } from "./layout";
import type { OutgoingMail } from "./transport";

/**
 * The sign-in code e-mail in the user's language, as plain text and HTML. Every text is escaped into the
 * HTML, the product name included (APP_NAME is configuration, not markup).
 */
export function otpMail(input: {
  to: string;
  code: string;
  locale: Locale;
  appName: string;
  minutes: number;
}): OutgoingMail {
  const t = (key: string) =>
    translate(input.locale, `mail.otp.${key}`, { app: input.appName, minutes: input.minutes });
  const lines = {
    greeting: t("greeting"),
    intro: t("intro"),
    expires: t("expires"),
    ignore: t("ignore"),
    signature: t("signature"),
  };
  const text = [
    lines.greeting,
    lines.intro,
    `    ${input.code}`,
    lines.expires,
    lines.ignore,
    lines.signature,
  ].join("\n\n");
  const code = `<p style="margin:0 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(input.code)}</p>`;
  const body = [
    mailParagraph(lines.greeting),
    mailParagraph(lines.intro),
    code,
    mailParagraph(lines.expires),
    mailParagraph(lines.ignore),
  ].join("\n");
  const html = mailHtml({ locale: input.locale, subject: t("subject"), body, signature: lines.signature });
  return { to: input.to, subject: t("subject"), text, html };
}
