import "server-only";
import { eq } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { salesContacts } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/routing";
import { logger } from "@/lib/logger";
import { mailHtml, mailParagraph } from "@/lib/mail/layout";
import { sendMail } from "@/lib/mail/transport";

const log = logger("billing");

export type SalesEnquiry = { name: string; email: string; company: string; message: string };

/**
 * An enterprise enquiry from the pricing page (BILL-2): stored first, so nothing is lost when mail is down,
 * then e-mailed to SALES_EMAIL when it is set (`mailedAt` says it went).
 */
export async function contactSales(
  db: Db,
  enquiry: SalesEnquiry,
  ctx: { ownerId: string | null; locale: Locale },
): Promise<{ id: string; mailed: boolean }> {
  const [row] = await db
    .insert(salesContacts)
    .values({ ...enquiry, ownerId: ctx.ownerId, locale: ctx.locale })
    .returning({ id: salesContacts.id });
  const id = row!.id;
  const to = config().SALES_EMAIL;
  if (!to || !config().SMTP_URL) return { id, mailed: false };
  const subject = `Enterprise enquiry from ${enquiry.name}${enquiry.company ? ` (${enquiry.company})` : ""}`;
  const lines = [
    `Name: ${enquiry.name}`,
    `E-mail: ${enquiry.email}`,
    `Company: ${enquiry.company || "-"}`,
    `Language: ${ctx.locale}`,
    "",
    enquiry.message,
  ];
  try {
    await sendMail({
      to,
      subject,
      text: lines.join("\n"),
      html: mailHtml({
        locale: "en",
        subject,
        body: lines.filter(Boolean).map(mailParagraph).join("\n"),
        signature: "AgentCity pricing page",
      }),
    });
    await db.update(salesContacts).set({ mailedAt: new Date() }).where(eq(salesContacts.id, id));
    return { id, mailed: true };
  } catch (err) {
    log.error(`sales enquiry ${id} stored, not e-mailed: ${(err as Error).message}`);
    return { id, mailed: false };
  }
}
