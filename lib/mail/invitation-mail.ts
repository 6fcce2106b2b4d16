import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { escapeHtml } from "./escape";
import { mailHtml, mailParagraph } from "./layout";
import type { OutgoingMail } from "./transport";

/**
 * An invitation to a workspace (issue 45), in the inviter's language: who invites, to which workspace and
 * role, the single-use link and how long it lasts. Every text escaped in the HTML.
 */
export function invitationMail(input: {
  to: string;
  locale: Locale;
  appName: string;
  inviter: string;
  workspace: string;
  role: string;
  days: number;
  acceptUrl: string;
}): OutgoingMail {
  const t = (key: string) =>
    translate(input.locale, `mail.invitation.${key}`, {
      app: input.appName,
      inviter: input.inviter,
      workspace: input.workspace,
      role: input.role,
      days: input.days,
    });
  const lines = [t("greeting"), t("intro"), t("next")];
  const text = [...lines, input.acceptUrl, t("after"), t("signature")].join("\n\n");
  const link = `<p style="margin:0 0 16px"><a href="${escapeHtml(input.acceptUrl)}">${escapeHtml(input.acceptUrl)}</a></p>`;
  const body = [...lines.map(mailParagraph), link, mailParagraph(t("after"))].join("\n");
  const html = mailHtml({ locale: input.locale, subject: t("subject"), body, signature: t("signature") });
  return { to: input.to, subject: t("subject"), text, html };
}
