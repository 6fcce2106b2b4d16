import "server-only";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";

/** One paragraph of an e-mail's HTML, its text escaped. */
export const mailParagraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

/**
 * The one frame every e-mail is drawn in: inline styles only (mail clients drop style sheets), the subject as
 * the title, the signature greyed at the bottom. `body` is HTML the caller built from escaped parts.
 */
export function mailHtml(input: {
  locale: Locale;
  subject: string;
  body: string;
  signature: string;
}): string {
  return `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827;font-size:16px;line-height:1.5">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${input.body}
<p style="margin:0;color:#6b7280">${escapeHtml(input.signature)}</p>
</div>
</body>
</html>
`;
}
