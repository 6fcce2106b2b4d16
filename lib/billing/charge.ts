import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invoices } from "@/lib/db/schema";
import type { InvoiceRow } from "./invoices";
import type { Currency } from "./money";
import type { PaymentProvider } from "./providers/types";
import { syncPayment } from "./sync";

/**
 * Charges one claimed attempt of an invoice with a saved method. The idempotency key names the invoice and
 * the attempt, so a run repeated after a crash gets the same payment back instead of a second charge; the
 * invoice then follows the provider's stored payment (the convergence an event triggers), not this call's
 * return value.
 */
export async function chargeAttempt(
  db: Db,
  provider: PaymentProvider,
  args: { ownerId: string; methodRef: string; invoice: InvoiceRow; attempt: number; now: Date },
): Promise<void> {
  const { invoice, attempt } = args;
  const payment = await provider.chargeMethod({
    ownerId: args.ownerId,
    methodRef: args.methodRef,
    amount: invoice.total,
    currency: invoice.currency as Currency,
    description: `${invoice.number} ${invoice.description}`,
    idempotencyKey: `invoice:${invoice.id}:attempt:${attempt}`,
  });
  await db
    .update(invoices)
    .set({ providerPaymentRef: payment.ref })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.attempts, attempt)));
  await syncPayment(db, provider, payment.ref, args.now);
}
