import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";
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
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t("subject"))}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827;font-size:16px;line-height:1.5">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${p(lines.greeting)}
${p(lines.intro)}
<p style="margin:0 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(input.code)}</p>
${p(lines.expires)}
${p(lines.ignore)}
<p style="margin:0;color:#6b7280">${escapeHtml(lines.signature)}</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject: t("subject"), text, html };
}
