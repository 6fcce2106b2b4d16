import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";
import { mailHtml, mailParagraph } from "./layout";
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
  const link = `<p style="margin:0 0 16px"><a href="${escapeHtml(input.insightUrl)}">${escapeHtml(input.insightUrl)}</a></p>`;
  const body = [...lines.slice(0, 3).map(mailParagraph), link].join("\n");
  const html = mailHtml({ locale: input.locale, subject: t("subject"), body, signature: lines[3]! });
  return { to: input.to, subject: t("subject"), text, html };
}
