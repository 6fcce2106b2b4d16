import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";
import type { OutgoingMail } from "./transport";

/**
 * The owner's allowance warning (CHAT-8) at 80 % or 100 % of the month's visitor messages, in the owner's
 * language, as plain text and HTML. Every text is escaped into the HTML, the agent's name above all (the
 * owner typed it, but it is still text, not markup).
 */
export function allowanceMail(input: {
  to: string;
  locale: Locale;
  appName: string;
  agentName: string;
  percent: 80 | 100;
  used: number;
  max: number;
  insightUrl: string;
}): OutgoingMail {
  const kind = input.percent === 100 ? "spent" : "nearly";
  const t = (key: string) =>
    translate(input.locale, `mail.allowance.${kind}.${key}`, {
      app: input.appName,
      agent: input.agentName,
      used: input.used,
      max: input.max,
    });
  const lines = [t("greeting"), t("intro"), t("next"), t("signature")];
  const text = [...lines.slice(0, 3), input.insightUrl, lines[3]].join("\n\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t("subject"))}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827;font-size:16px;line-height:1.5">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${lines.slice(0, 3).map(p).join("\n")}
<p style="margin:0 0 16px"><a href="${escapeHtml(input.insightUrl)}">${escapeHtml(input.insightUrl)}</a></p>
<p style="margin:0;color:#6b7280">${escapeHtml(lines[3]!)}</p>
</div>
</body>
</html>
`;
  return { to: input.to, subject: t("subject"), text, html };
}
