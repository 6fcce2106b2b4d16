import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";
import { mailHtml, mailParagraph } from "./layout";
import type { OutgoingMail } from "./transport";

/**
 * A renewal to pay by bank transfer (issue 16): sent with the upcoming invoice, a few days before the period
 * ends, with the page that shows the link's QR and account. Plain text and HTML, every text escaped.
 */
export function transferMail(input: {
  to: string;
  locale: Locale;
  appName: string;
  plan: string;
  amount: string;
  dueDate: Date;
  payUrl: string;
}): OutgoingMail {
  const date = new Intl.DateTimeFormat(input.locale === "vi" ? "vi-VN" : "en-GB", {
    dateStyle: "long",
    timeZone: "Asia/Ho_Chi_Minh",
  }).format(input.dueDate);
  const t = (key: string) =>
    translate(input.locale, `mail.transfer.${key}`, {
      app: input.appName,
      plan: input.plan,
      amount: input.amount,
      date,
    });
  const lines = [t("greeting"), t("intro"), t("next")];
  const text = [...lines, input.payUrl, t("after"), t("signature")].join("\n\n");
  const link = `<p style="margin:0 0 16px"><a href="${escapeHtml(input.payUrl)}">${escapeHtml(input.payUrl)}</a></p>`;
  const body = [...lines.map(mailParagraph), link, mailParagraph(t("after"))].join("\n");
  const html = mailHtml({ locale: input.locale, subject: t("subject"), body, signature: t("signature") });
  return { to: input.to, subject: t("subject"), text, html };
}
