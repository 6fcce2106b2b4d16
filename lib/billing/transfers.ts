import "server-only";
import { createHash } from "node:crypto";
import { APIError } from "@payos/node";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { invoices, subscriptions, transferLinks, users } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/routing";
import { logger } from "@/lib/logger";
import { transferMail } from "@/lib/mail/transfer-mail";
import { sendMail } from "@/lib/mail/transport";
import type { InvoiceRow } from "./invoices";
import { formatMoney } from "./money";
import type { PlanId } from "./plan-limits";
import { planById } from "./plans";
import { asProviders, isPayos, type ProviderSet } from "./providers";
import type { PayosProvider } from "./providers/payos";
import { defaultMethodOf, syncPayment } from "./sync";

const log = logger("billing");
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Renewals paid by bank transfer (payOS): an owner without a saved card gets the next period's payment link
 * with the upcoming invoice, e-mailed once, and pays it from a bank app before the period ends. At the
 * period's end and at each retry the link is read again; unpaid, the renewal fails like a declined card
 * (past due, then expired after the last retry), and a transfer that arrives in between still renews.
 */

/** A renewal link stays payable through the retries (1, 3 and 5 days after the period ends). */
const RENEWAL_LINK_GRACE_MS = 7 * DAY_MS;

/**
 * The link's order code, derived from the invoice: payOS refuses a second link with the same code, so two
 * runs at once, or a run repeated after a crash, meet the same link instead of making two.
 */
export function renewalOrderCode(invoiceId: string, generation = 0): number {
  const digest = createHash("sha256").update(`${invoiceId}:${generation}`).digest();
  // 47 bits: inside payOS's and JavaScript's safe integers, never a small number.
  return 100_000_000_000 + (digest.readUIntBE(0, 6) % (2 ** 47 - 100_000_000_000));
}

/** Opens (once) the payment links of renewal invoices that will not be charged to a card, and mails them. */
export async function openRenewalTransfers(
  db: Db,
  set: ProviderSet,
  now: Date,
  ownerId?: string,
): Promise<number> {
  const payos = asProviders(set).all.find(isPayos);
  if (!payos) return 0;
  const open = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(
      and(
        ownerId ? eq(invoices.ownerId, ownerId) : undefined,
        eq(invoices.kind, "renewal"),
        inArray(invoices.status, ["upcoming", "failed"]),
        eq(invoices.currency, "VND"),
        isNull(invoices.providerPaymentRef),
        inArray(subscriptions.status, ["active", "past_due"]),
      ),
    );
  let opened = 0;
  for (const { invoice } of open) {
    // An owner with a card is charged at the period's end, as before.
    if (await defaultMethodOf(db, invoice.ownerId)) continue;
    try {
      const ref = await renewalLink(db, payos, invoice, now);
      await db
        .update(invoices)
        .set({ providerPaymentRef: ref, updatedAt: now })
        .where(and(eq(invoices.id, invoice.id), isNull(invoices.providerPaymentRef)));
      opened++;
      await mailRenewalLink(db, ref, invoice, now);
    } catch (err) {
      log.error(`renewal link for invoice ${invoice.number} not opened: ${(err as Error).message}`);
    }
  }
  return opened;
}

async function renewalLink(db: Db, payos: PayosProvider, invoice: InvoiceRow, now: Date): Promise<string> {
  for (let generation = 0; generation < 3; generation++) {
    const orderCode = renewalOrderCode(invoice.id, generation);
    const [kept] = await db
      .select({ ref: transferLinks.ref })
      .from(transferLinks)
      .where(and(eq(transferLinks.provider, payos.id), eq(transferLinks.orderCode, orderCode)));
    if (kept) return kept.ref;
    try {
      const { ref } = await payos.openLink({
        ownerId: invoice.ownerId,
        amount: invoice.total,
        returnUrl: `${config().APP_URL}/vi/billing?tab=invoices`,
        expiresAt: new Date(Math.max(invoice.dueDate.getTime(), now.getTime()) + RENEWAL_LINK_GRACE_MS),
        item: `AgentCity ${invoice.number}`,
        invoiceId: invoice.id,
        orderCode,
      });
      return ref;
    } catch (err) {
      // payOS's "order exists" (231): another run made this link and is storing it, or one crashed after
      // payOS answered and before storing it; the next generation's code makes a link we can show.
      const taken = err instanceof APIError && err.code === "231";
      if (!taken) throw err;
      const [mine] = await db
        .select({ ref: transferLinks.ref })
        .from(transferLinks)
        .where(and(eq(transferLinks.provider, payos.id), eq(transferLinks.orderCode, orderCode)));
      if (mine) return mine.ref;
    }
  }
  throw new Error("payOS refused three order codes for one invoice");
}

async function ownerOf(db: Db, ownerId: string) {
  const [owner] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, ownerId));
  return owner;
}

async function mailRenewalLink(db: Db, ref: string, invoice: InvoiceRow, now: Date): Promise<void> {
  const c = config();
  if (!c.SMTP_URL) return;
  // Claimed before sending: several processes or runs send it once.
  const [claimed] = await db
    .update(transferLinks)
    .set({ mailedAt: now })
    .where(and(eq(transferLinks.ref, ref), isNull(transferLinks.mailedAt)))
    .returning({ id: transferLinks.id });
  if (!claimed) return;
  const owner = await ownerOf(db, invoice.ownerId);
  if (!owner?.email || !owner.verified) return;
  // payOS takes VND from Vietnamese banks only: whoever pays this way reads Vietnamese.
  const locale: Locale = "vi";
  await sendMail(
    transferMail({
      to: owner.email,
      locale,
      appName: c.APP_NAME,
      plan: planById(invoice.plan as PlanId).name[locale],
      amount: formatMoney({ amount: invoice.total, currency: "VND" }, locale),
      dueDate: invoice.dueDate,
      payUrl: `${c.APP_URL}/${locale}/billing/invoices/${encodeURIComponent(invoice.number)}/pay`,
    }),
  ).catch((err) => log.error(`renewal link mail for invoice ${invoice.number}:`, err));
}

/**
 * A renewal's transfer link read again before the attempt counts: "paid" when the transfer arrived (the
 * invoice is paid now), "none" when the invoice has no transfer link or it is unpaid, "unknown" when payOS
 * cannot be asked (the attempt waits for the next run rather than failing the owner for an outage).
 */
export async function checkRenewalTransfer(
  db: Db,
  set: ProviderSet,
  invoice: InvoiceRow,
  now: Date,
): Promise<"paid" | "none" | "unknown"> {
  if (!invoice.providerPaymentRef) return "none";
  const [link] = await db
    .select({ provider: transferLinks.provider })
    .from(transferLinks)
    .where(eq(transferLinks.ref, invoice.providerPaymentRef));
  const provider = link && asProviders(set).byId(link.provider);
  if (!provider) return "none";
  try {
    await syncPayment(db, provider, invoice.providerPaymentRef, now);
  } catch (err) {
    log.warn(`renewal transfer ${invoice.providerPaymentRef} not read: ${(err as Error).message}`);
    return "unknown";
  }
  const [after] = await db
    .select({ status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, invoice.id));
  return after?.status === "paid" ? "paid" : "none";
}

/** Links still waiting for money: read again every minute (the job's sweep), in case an event was lost. */
export async function pollOpenTransfers(db: Db, set: ProviderSet, now: Date, limit = 50): Promise<number> {
  const providers = asProviders(set);
  const ids = providers.all.filter((p) => p.collects === "transfer").map((p) => p.id);
  if (ids.length === 0) return 0;
  const open = await db
    .select({ provider: transferLinks.provider, ref: transferLinks.ref })
    .from(transferLinks)
    .where(
      and(
        inArray(transferLinks.provider, ids),
        sql`(${transferLinks.expiresAt} IS NULL OR ${transferLinks.expiresAt} > ${now})`,
        sql`(EXISTS (SELECT 1 FROM payment_tokens t WHERE t.id = ${transferLinks.tokenId}
               AND t.status IN ('pending', 'verifying'))
          OR EXISTS (SELECT 1 FROM invoices i WHERE i.id = ${transferLinks.invoiceId}
               AND i.status IN ('upcoming', 'failed') AND i.provider_payment_ref = ${transferLinks.ref}))`,
      ),
    )
    .limit(limit);
  let read = 0;
  for (const { provider, ref } of open) {
    try {
      await syncPayment(db, providers.byId(provider)!, ref, now);
      read++;
    } catch (err) {
      log.warn(`transfer ${ref} not read: ${(err as Error).message}`);
    }
  }
  return read;
}

/** What a transfer page shows: the QR and the account to pay, from the link's creation. */
export async function transferDetails(db: Db, where: { tokenId?: string; invoiceId?: string }) {
  const cond = where.tokenId
    ? eq(transferLinks.tokenId, where.tokenId)
    : where.invoiceId
      ? eq(transferLinks.invoiceId, where.invoiceId)
      : undefined;
  if (!cond) return null;
  const [link] = await db
    .select()
    .from(transferLinks)
    .where(cond)
    .orderBy(sql`${transferLinks.insertedAt} DESC`)
    .limit(1);
  return link ?? null;
}

/** The owner's renewal invoice waiting for a transfer (the billing page links to its QR page), if any. */
export async function openTransferInvoice(db: Db, ownerId: string): Promise<string | null> {
  const [row] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .innerJoin(transferLinks, eq(transferLinks.ref, invoices.providerPaymentRef))
    .where(
      and(
        eq(invoices.ownerId, ownerId),
        eq(invoices.kind, "renewal"),
        inArray(invoices.status, ["upcoming", "failed"]),
      ),
    )
    .orderBy(sql`${invoices.dueDate} DESC`)
    .limit(1);
  return row?.number ?? null;
}
