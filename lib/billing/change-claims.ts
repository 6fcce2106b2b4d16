import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invoices, type paymentMethods } from "@/lib/db/schema";
import { chargeAttempt } from "./charge";
import type { InvoiceRow } from "./invoices";
import type { PaymentProvider } from "./providers/types";
import type { Tx } from "./subscriptions";
import { failInvoiceWithoutCharge, syncPayment } from "./sync";

/**
 * A plan change charged at once claims its subscription with its invoice: an open (`upcoming`) change
 * invoice, one per subscription at most (a unique index), issued under the subscription's lock once the change
 * is decided on the locked row. The provider is called after that transaction has committed, never inside
 * one: PGlite has a single connection, and a provider may call back into the app (its events). The invoice
 * turning paid or failed releases the claim.
 *
 * A claim whose request died before it was settled (a crash, a provider timing out) counts as abandoned after
 * CHANGE_CLAIM_TTL_MS, longer than any provider call with its retries, and is then settled by the owner's next
 * change, so nobody stays stuck behind it.
 */
export const CHANGE_CLAIM_TTL_MS = 5 * 60 * 1000;

/** The owner's default card and the provider that holds it: what a plan change charges. */
export type ChargeCard = { method: typeof paymentMethods.$inferSelect; holder: PaymentProvider };

export async function openChangeOf(tx: Tx, subscriptionId: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.subscriptionId, subscriptionId),
        eq(invoices.kind, "change"),
        eq(invoices.status, "upcoming"),
      ),
    );
  return row;
}

export function isAbandoned(invoice: InvoiceRow, now: Date): boolean {
  return !invoice.attemptedAt || now.getTime() - invoice.attemptedAt.getTime() >= CHANGE_CLAIM_TTL_MS;
}

/**
 * Settles an abandoned change so the owner can go on. A payment the provider answered with settles it (now,
 * or by its event if the provider is still processing it). Without one the request died before the answer
 * was recorded, perhaps after the provider charged: the same attempt is asked again under its own idempotency
 * key, which gets that payment back, or makes the charge the owner had confirmed; never a second one.
 */
export async function settleAbandonedChange(
  db: Db,
  card: ChargeCard | null,
  invoice: InvoiceRow,
  providerId: string,
  now: Date,
): Promise<void> {
  if (invoice.providerPaymentRef) {
    if (card) await syncPayment(db, card.holder, invoice.providerPaymentRef, now);
    return;
  }
  if (!card) {
    await failInvoiceWithoutCharge(db, providerId, invoice.id, now);
    return;
  }
  await chargeAttempt(db, card.holder, {
    ownerId: invoice.ownerId,
    methodRef: card.method.providerRef,
    invoice,
    attempt: invoice.attempts,
    now,
  });
}
