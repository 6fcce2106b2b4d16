import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invoices } from "@/lib/db/schema";
import { chargeAttempt } from "./charge";
import { invalidateEntitlement } from "./entitlement-cache";
import { BillingError } from "./errors";
import { type InvoiceRow, issueInvoice } from "./invoices";
import type { Currency, Cycle } from "./money";
import type { PlanId } from "./plan-limits";
import { type CatalogueSettings, isPurchasable, priceOf } from "./plans";
import { asProviders, type ProviderSet } from "./providers";
import { decideChange, type MachineEvent, transition } from "./subscription-machine";
import { lockSubscription, type SubscriptionRow, saveState, stateOf, subscriptionOf } from "./subscriptions";
import { cardLabel, defaultMethodOf } from "./sync";

/** What an owner does to a running subscription (BILL-5): change plan or cycle, cancel, undo the cancel. */

export type ChangeResult =
  | { timing: "now"; status: "paid" | "failed"; invoice: InvoiceRow | null }
  | { timing: "period_end" };

/** The change decided on a subscription row as it stands, priced in its currency. */
function decide(
  row: SubscriptionRow | undefined,
  req: { plan: PlanId; cycle: Cycle },
  now: Date,
  settings?: CatalogueSettings,
) {
  const currency = row?.currency as Currency;
  return decideChange(stateOf(row), {
    ...req,
    at: now,
    priceOf: (plan, cycle) => priceOf(plan, cycle, currency, settings),
    purchasable: (plan) => isPurchasable(plan, settings),
  });
}

/** The owner's subscription and the change decided on it; no subscription is `not_active`. */
async function decideFor(
  db: Db,
  ownerId: string,
  req: { plan: PlanId; cycle: Cycle },
  now: Date,
  settings?: CatalogueSettings,
) {
  const row = await subscriptionOf(db, ownerId);
  if (!row) throw new BillingError("not_active");
  const decision = decide(row, req, now, settings);
  if (!decision.ok) throw new BillingError(decision.reason);
  return { row, currency: row.currency as Currency, decision };
}

export type ChangePreview = {
  timing: "now" | "period_end";
  /** charged now to the default method (0 when nothing is due); minor units */
  charge: number;
  currency: Currency;
  /** when the new plan or cycle starts */
  effectiveAt: Date;
  /** the default method's label, when a charge goes to it */
  paymentMethod: string | null;
};

/**
 * What `changePlan` would do now, without doing it: the confirmation an owner reads before a plan change
 * ("charged 210,000 ₫ today to Visa •••• 4242" or "from 12 March"). The same decision, so the preview and the
 * change cannot disagree except for a day passing in between.
 */
export async function previewChange(
  db: Db,
  ownerId: string,
  req: { plan: PlanId; cycle: Cycle },
  now: Date = new Date(),
  settings?: CatalogueSettings,
): Promise<ChangePreview> {
  const { row, currency, decision } = await decideFor(db, ownerId, req, now, settings);
  if (decision.timing === "period_end") {
    return {
      timing: "period_end",
      charge: 0,
      currency,
      effectiveAt: row.currentPeriodEnd ?? now,
      paymentMethod: null,
    };
  }
  const method = await defaultMethodOf(db, ownerId);
  if (decision.charge > 0 && !method) throw new BillingError("no_payment_method");
  return {
    timing: "now",
    charge: decision.charge,
    currency,
    effectiveAt: now,
    paymentMethod: decision.charge > 0 && method ? cardLabel(method.brand, method.last4) : null,
  };
}

export async function changePlan(
  db: Db,
  set: ProviderSet,
  ownerId: string,
  req: { plan: PlanId; cycle: Cycle },
  now: Date = new Date(),
  settings?: CatalogueSettings,
): Promise<ChangeResult> {
  const { row, currency, decision } = await decideFor(db, ownerId, req, now, settings);

  if (decision.timing === "period_end") {
    await db.transaction(async (tx) => {
      const locked = await lockSubscription(tx, ownerId);
      // Re-decided under the lock: the row may have moved since it was read.
      const again = decide(locked, req, now, settings);
      if (!again.ok) throw new BillingError(again.reason);
      if (again.timing !== "period_end") throw new BillingError("unknown");
      await saveState(tx, ownerId, locked!.provider, again.state);
    });
    invalidateEntitlement(ownerId);
    return { timing: "period_end" };
  }

  if (decision.charge === 0) {
    await applyNow(db, ownerId, decision.apply);
    return { timing: "now", status: "paid", invoice: null };
  }
  const method = await defaultMethodOf(db, ownerId);
  // Charged by the provider holding the card (a transfer subscriber may have added a card since).
  const holder = method ? asProviders(set).byId(method.provider) : undefined;
  if (!method || !holder || holder.collects !== "card") throw new BillingError("no_payment_method");
  // The key names the change (from what, to what, which period, which day): a double click or a retried
  // request meets the same invoice and the same charge; a retry on another day is priced afresh.
  const key = [
    "change",
    row.id,
    `${row.plan}.${row.cycle}`,
    row.currentPeriodStart!.toISOString(),
    `${req.plan}.${req.cycle}`,
    now.toISOString().slice(0, 10),
  ].join(":");
  const { invoice } = await db.transaction((tx) =>
    issueInvoice(tx, now, {
      subscriptionId: row.id,
      ownerId,
      key,
      kind: "change",
      status: "upcoming",
      plan: decision.apply.plan,
      cycle: decision.apply.cycle,
      currency,
      total: decision.charge,
      periodStart: decision.apply.periodStart,
      periodEnd: decision.apply.periodEnd,
      dueDate: now,
    }),
  );
  if (invoice.status === "paid") return { timing: "now", status: "paid", invoice };
  if (invoice.status === "void") throw new BillingError("unknown");
  let n = invoice.attempts;
  // A first try, or a new try after a decline (with perhaps another card); otherwise one is under way.
  if (n === 0 || invoice.status === "failed") {
    const [claimed] = await db
      .update(invoices)
      .set({ attempts: n + 1, status: "upcoming", updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.attempts, n)))
      .returning();
    n = claimed
      ? n + 1
      : ((await db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]?.attempts ?? n);
  }
  await chargeAttempt(db, holder, { ownerId, methodRef: method.providerRef, invoice, attempt: n, now });
  const [after] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
  return { timing: "now", status: after?.status === "paid" ? "paid" : "failed", invoice: after ?? invoice };
}

async function applyNow(db: Db, ownerId: string, event: Extract<MachineEvent, { type: "change_paid" }>) {
  await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, ownerId);
    const next = transition(stateOf(row), event);
    if (!next.ok) throw new BillingError(next.reason);
    await saveState(tx, ownerId, row!.provider, next.state);
  });
  invalidateEntitlement(ownerId);
}

async function simple(db: Db, ownerId: string, type: "cancel" | "resume", now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, ownerId);
    const next = transition(stateOf(row), { type, at: now });
    if (!next.ok) throw new BillingError(next.reason);
    await saveState(tx, ownerId, row!.provider, next.state);
  });
  invalidateEntitlement(ownerId);
}

/** Cancels at the period's end; the plan's limits last until then and the cancel can be undone. */
export const cancelSubscription = (db: Db, ownerId: string, now: Date = new Date()) =>
  simple(db, ownerId, "cancel", now);

export const resumeSubscription = (db: Db, ownerId: string, now: Date = new Date()) =>
  simple(db, ownerId, "resume", now);
