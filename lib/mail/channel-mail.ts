import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";
import { mailHtml, mailParagraph } from "./layout";
import type { OutgoingMail } from "./transport";

/**
 * Tells the owner a channel needs connecting again (issue 47): the platform no longer accepts its token
 * (Zalo's refresh token spent or expired, a bot token revoked), so its users go unanswered until then.
 */
export function channelReconnectMail(input: {
  to: string;
  locale: Locale;
  appName: string;
  agentName: string;
  platform: string;
  reason: string;
  channelsUrl: string;
}): OutgoingMail {
  const t = (key: string) =>
    translate(input.locale, `mail.channelReconnect.${key}`, {
      app: input.appName,
      agent: input.agentName,
      platform: input.platform,
      reason: input.reason,
    });
  const lines = [t("greeting"), t("intro"), t("next"), t("signature")];
  const text = [...lines.slice(0, 3), input.channelsUrl, lines[3]].join("\n\n");
  const link = `<p style="margin:0 0 16px"><a href="${escapeHtml(input.channelsUrl)}">${escapeHtml(input.channelsUrl)}</a></p>`;
  const body = [...lines.slice(0, 3).map(mailParagraph), link].join("\n");
  const html = mailHtml({ locale: input.locale, subject: t("subject"), body, signature: lines[3]! });
  return { to: input.to, subject: t("subject"), text, html };
}
