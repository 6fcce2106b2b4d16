import "server-only";
import { eq, sql } from "drizzle-orm";
import {
  type InvoiceKind,
  type InvoiceLineRecord,
  type InvoiceStatus,
  invoiceCounters,
  invoices,
} from "@/lib/db/schema";
import type { Currency, Cycle } from "./money";
import type { PlanId } from "./plan-limits";
import { planById } from "./plans";
import type { Tx } from "./subscriptions";

export type InvoiceRow = typeof invoices.$inferSelect;

/** "AC-2026-000042": the year the invoice was issued (UTC) and its place in that year. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `AC-${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * The next number of the year, taken by bumping the year's counter row inside the caller's transaction: the
 * row stays locked until it commits, and a rollback gives the number back, so numbers never skip.
 */
async function takeNumber(tx: Tx, at: Date): Promise<{ year: number; sequence: number }> {
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning();
  return { year, sequence: row!.last };
}

async function giveBack(tx: Tx, year: number): Promise<void> {
  await tx
    .update(invoiceCounters)
    .set({ last: sql`${invoiceCounters.last} - 1` })
    .where(eq(invoiceCounters.year, year));
}

export type NewInvoice = {
  subscriptionId: string;
  ownerId: string;
  key: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  plan: PlanId;
  cycle: Cycle;
  currency: Currency;
  total: number;
  periodStart: Date;
  periodEnd: Date;
  dueDate: Date;
  paymentMethodLabel?: string | null;
  paidAt?: Date | null;
  attempts?: number;
  attemptedAt?: Date | null;
  /** the lines adding up to `total`; one line of `kind` when left out (invoice-lines.ts) */
  lines?: InvoiceLineRecord[];
};

/** What the invoice line says, in English (the invoice document's language); screens compose their own. */
export function describeInvoice(kind: InvoiceKind, plan: PlanId, cycle: Cycle): string {
  const name = planById(plan, { comingSoon: [], prices: {} }).name.en;
  const period = cycle === "yearly" ? "yearly" : "monthly";
  if (kind === "change") return `${name} plan (${period}), change for the rest of the period`;
  if (kind === "renewal") return `${name} plan (${period}), renewal`;
  return `${name} plan (${period})`;
}

/**
 * Issues the invoice for `key` once: a second call (a job run twice, two runs at once) gets the first one
 * back and takes no number.
 */
export async function issueInvoice(
  tx: Tx,
  at: Date,
  inv: NewInvoice,
): Promise<{ invoice: InvoiceRow; created: boolean }> {
  const { year, sequence } = await takeNumber(tx, at);
  // Read after the counter lock: a concurrent issuer of the same key has committed by now.
  const [existing] = await tx.select().from(invoices).where(eq(invoices.key, inv.key)).for("update");
  if (existing) {
    await giveBack(tx, year);
    return { invoice: existing, created: false };
  }
  const [row] = await tx
    .insert(invoices)
    .values({
      ...inv,
      number: formatInvoiceNumber(year, sequence),
      description: describeInvoice(inv.kind, inv.plan, inv.cycle),
      lines: inv.lines ?? [{ key: inv.kind, plan: inv.plan, cycle: inv.cycle, amount: inv.total }],
      insertedAt: at,
    })
    .returning();
  return { invoice: row!, created: true };
}

export async function lockInvoice(tx: Tx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return row;
}
