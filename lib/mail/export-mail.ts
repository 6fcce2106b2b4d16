import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";
import { mailHtml, mailParagraph } from "./layout";
import type { OutgoingMail } from "./transport";

/** A workspace export is ready (issue 48), in the requester's language: its size and the link, valid 24 h. */
export function exportMail(input: {
  to: string;
  locale: Locale;
  appName: string;
  workspace: string;
  size: string;
  hours: number;
  downloadUrl: string;
}): OutgoingMail {
  const t = (key: string) =>
    translate(input.locale, `mail.export.${key}`, {
      app: input.appName,
      workspace: input.workspace,
      size: input.size,
      hours: input.hours,
    });
  const lines = [t("greeting"), t("intro"), t("next")];
  const text = [...lines, input.downloadUrl, t("after"), t("signature")].join("\n\n");
  const link = `<p style="margin:0 0 16px"><a href="${escapeHtml(input.downloadUrl)}">${escapeHtml(input.downloadUrl)}</a></p>`;
  const body = [...lines.map(mailParagraph), link, mailParagraph(t("after"))].join("\n");
  const html = mailHtml({ locale: input.locale, subject: t("subject"), body, signature: t("signature") });
  return { to: input.to, subject: t("subject"), text, html };
}
