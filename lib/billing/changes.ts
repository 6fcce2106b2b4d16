import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invoices, subscriptions } from "@/lib/db/schema";
import { type ChargeCard, isAbandoned, openChangeOf, settleAbandonedChange } from "./change-claims";
import { chargeAttempt } from "./charge";
import { invalidateEntitlement } from "./entitlement-cache";
import { BillingError } from "./errors";
import { changeLines } from "./invoice-lines";
import { type InvoiceRow, issueInvoice } from "./invoices";
import type { Currency, Cycle } from "./money";
import type { PlanId } from "./plan-limits";
import { type CatalogueSettings, isPurchasable, priceOf } from "./plans";
import { asProviders, type ProviderSet } from "./providers";
import { decideChange, transition } from "./subscription-machine";
import {
  lockSubscription,
  type SubscriptionRow,
  saveState,
  stateOf,
  subscriptionOf,
  type Tx,
} from "./subscriptions";
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

/** What deciding a change under the subscription's lock left to do. */
type Claim =
  | { kind: "done"; result: ChangeResult }
  /** charge this attempt of the claimed invoice, outside the transaction */
  | { kind: "charge"; invoice: InvoiceRow; attempt: number }
  /** another change is being charged */
  | { kind: "busy"; invoice: InvoiceRow; provider: string }
  /** the subscription changed between reading and locking it: decide again */
  | { kind: "moved" };

/**
 * The key names the change (from what, to what, which period, which day): a double click or a retried request
 * meets the same invoice and the same charge; a retry on another day is priced afresh. Null without a period
 * (no running subscription: nothing to change).
 */
function changeKey(row: SubscriptionRow, req: { plan: PlanId; cycle: Cycle }, now: Date): string | null {
  if (!row.currentPeriodStart) return null;
  return [
    "change",
    row.id,
    `${row.plan}.${row.cycle}`,
    row.currentPeriodStart.toISOString(),
    `${req.plan}.${req.cycle}`,
    now.toISOString().slice(0, 10),
  ].join(":");
}

/**
 * Decides the change on the locked subscription and claims it (see change-claims.ts): applied at once when
 * nothing is charged, else its invoice issued open, or a new attempt of the same change after a decline.
 */
async function claimChange(
  tx: Tx,
  ownerId: string,
  req: { plan: PlanId; cycle: Cycle },
  now: Date,
  settings: CatalogueSettings | undefined,
  card: ChargeCard | null,
): Promise<Claim> {
  const [seen] = await tx.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId));
  if (!seen) throw new BillingError("not_active");
  const key = changeKey(seen, req, now);
  // Invoice before subscription, the order payments take them in (sync.ts), so the two never wait on each other.
  const [same] = key ? await tx.select().from(invoices).where(eq(invoices.key, key)).for("update") : [];
  const row = (await lockSubscription(tx, ownerId))!;
  if (changeKey(row, req, now) !== key) return { kind: "moved" };

  const open = await openChangeOf(tx, row.id);
  if (open && open.id === same?.id) return { kind: "charge", invoice: open, attempt: open.attempts };
  if (open) return { kind: "busy", invoice: open, provider: row.provider };

  const decision = decide(row, req, now, settings);
  if (!decision.ok) throw new BillingError(decision.reason);
  if (decision.timing === "period_end") {
    await saveState(tx, ownerId, row.provider, decision.state);
    return { kind: "done", result: { timing: "period_end" } };
  }
  if (decision.charge === 0) {
    const next = transition(stateOf(row), decision.apply);
    if (!next.ok) throw new BillingError(next.reason);
    await saveState(tx, ownerId, row.provider, next.state);
    return { kind: "done", result: { timing: "now", status: "paid", invoice: null } };
  }
  if (!card) throw new BillingError("no_payment_method");
  if (same?.status === "paid") {
    return { kind: "done", result: { timing: "now", status: "paid", invoice: same } };
  }
  if (same?.status === "failed") {
    // A new try after a decline (with perhaps another card); the declined attempt's payment no longer speaks.
    const [retry] = await tx
      .update(invoices)
      .set({
        status: "upcoming",
        attempts: same.attempts + 1,
        attemptedAt: now,
        providerPaymentRef: null,
        updatedAt: now,
      })
      .where(eq(invoices.id, same.id))
      .returning();
    return { kind: "charge", invoice: retry!, attempt: retry!.attempts };
  }
  if (same) throw new BillingError("unknown");
  const { invoice } = await issueInvoice(tx, now, {
    subscriptionId: row.id,
    ownerId,
    key: key!,
    kind: "change",
    status: "upcoming",
    plan: decision.apply.plan,
    cycle: decision.apply.cycle,
    currency: row.currency as Currency,
    total: decision.charge,
    // The new plan and, on a line of its own, the credit for the unused part of the period paid for.
    lines: changeLines({
      charge: decision.charge,
      to: { plan: decision.apply.plan, cycle: decision.apply.cycle, price: decision.apply.amount },
      from: {
        plan: row.plan,
        cycle: row.cycle as Cycle,
        paid: row.amount,
        period: { start: row.currentPeriodStart!, end: row.currentPeriodEnd! },
      },
      at: now,
    }),
    periodStart: decision.apply.periodStart,
    periodEnd: decision.apply.periodEnd,
    dueDate: now,
    attempts: 1,
    attemptedAt: now,
  });
  return { kind: "charge", invoice, attempt: 1 };
}

/**
 * Changes plan or cycle, decided and claimed under the subscription's lock and charged after it (see
 * change-claims.ts). While another change is being charged this one is refused (`change_in_progress`), unless
 * it is the same change: a double click or a retry joins its charge, under the same idempotency key.
 */
export async function changePlan(
  db: Db,
  set: ProviderSet,
  ownerId: string,
  req: { plan: PlanId; cycle: Cycle },
  now: Date = new Date(),
  settings?: CatalogueSettings,
): Promise<ChangeResult> {
  const method = await defaultMethodOf(db, ownerId);
  // Charged by the provider holding the card (a transfer subscriber may have added a card since).
  const holder = method ? asProviders(set).byId(method.provider) : undefined;
  const card = method && holder?.collects === "card" ? { method, holder } : null;
  let settled = false;
  for (let round = 0; round < 3; round++) {
    const claim = await db.transaction((tx) => claimChange(tx, ownerId, req, now, settings, card));
    if (claim.kind === "moved") continue;
    if (claim.kind === "busy") {
      if (settled || !isAbandoned(claim.invoice, now)) break;
      await settleAbandonedChange(db, card, claim.invoice, claim.provider, now);
      settled = true;
      continue;
    }
    if (claim.kind === "done") {
      invalidateEntitlement(ownerId);
      return claim.result;
    }
    if (!card) throw new BillingError("no_payment_method");
    const { invoice, attempt } = claim;
    await chargeAttempt(db, card.holder, {
      ownerId,
      methodRef: card.method.providerRef,
      invoice,
      attempt,
      now,
    });
    const [after] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    return { timing: "now", status: after?.status === "paid" ? "paid" : "failed", invoice: after ?? invoice };
  }
  throw new BillingError("change_in_progress");
}

async function simple(db: Db, ownerId: string, type: "cancel" | "resume", now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, ownerId);
    // A paid change ends a cancel (change_paid): while one is being charged, a cancel is refused.
    const open = type === "cancel" && row ? await openChangeOf(tx, row.id) : undefined;
    if (open && !isAbandoned(open, now)) throw new BillingError("change_in_progress");
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
