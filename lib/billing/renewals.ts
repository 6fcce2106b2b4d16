import "server-only";
import { and, eq, lte, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invoices, subscriptions } from "@/lib/db/schema";
import { chargeAttempt } from "./charge";
import { invalidateEntitlement } from "./entitlement-cache";
import { type InvoiceRow, issueInvoice } from "./invoices";
import { type Currency, type Cycle, periodEnd } from "./money";
import type { PlanId } from "./plan-limits";
import { priceOf } from "./plans";
import { asProviders, type ProviderSet, type Providers } from "./providers";
import { transition } from "./subscription-machine";
import { lockSubscription, type SubscriptionRow, saveState, stateOf } from "./subscriptions";
import { defaultMethodOf, failInvoiceWithoutCharge } from "./sync";
import { checkRenewalTransfer, openRenewalTransfers } from "./transfers";

/**
 * Renewals and retries (spec §3), as functions of `now` so tests drive the clock and a cron job calls them.
 * Each is idempotent per (subscription, period): the period's invoice is keyed by it, and each charge attempt
 * of it by (invoice, attempt number), so a job run twice, two runs at once, or a run killed half-way and run
 * again never charges twice and never skips a period.
 */

/** The upcoming invoice appears this long before the period ends (the owner sees what will be charged). */
export const UPCOMING_LEAD_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export const renewalKey = (subscriptionId: string, periodStart: Date) =>
  `renewal:${subscriptionId}:${periodStart.toISOString()}`;

/** What the next period costs: a waiting downgrade or cycle change applies from it. */
function nextPeriod(sub: SubscriptionRow) {
  const plan = (sub.pendingPlan ?? sub.plan) as PlanId;
  const cycle = (sub.pendingCycle ?? sub.cycle) as Cycle;
  const currency = sub.currency as Currency;
  const start = sub.currentPeriodEnd!;
  return {
    plan,
    cycle,
    currency,
    start,
    end: periodEnd(start, cycle),
    total: priceOf(plan, cycle, currency) ?? 0,
  };
}

async function ensureRenewalInvoice(db: Db, sub: SubscriptionRow, now: Date): Promise<InvoiceRow> {
  const next = nextPeriod(sub);
  return db.transaction(async (tx) => {
    const { invoice } = await issueInvoice(tx, now, {
      subscriptionId: sub.id,
      ownerId: sub.ownerId,
      key: renewalKey(sub.id, next.start),
      kind: "renewal",
      status: "upcoming",
      plan: next.plan,
      cycle: next.cycle,
      currency: next.currency,
      total: next.total,
      periodStart: next.start,
      periodEnd: next.end,
      dueDate: next.start,
    });
    return invoice;
  });
}

/** Only one owner's subscription (the sandbox's test clock); every owner's when absent (the cron job). */
const ownerOnly = (ownerId?: string) => (ownerId ? eq(subscriptions.ownerId, ownerId) : undefined);

/** Creates the `upcoming` invoice of every active subscription whose period ends within the lead time. */
export async function prepareUpcomingInvoices(db: Db, now: Date, ownerId?: string): Promise<number> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        ownerOnly(ownerId),
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + UPCOMING_LEAD_DAYS * DAY_MS)),
      ),
    );
  for (const sub of due) await ensureRenewalInvoice(db, sub, now);
  return due.length;
}

/**
 * One charge attempt of a renewal invoice: attempt n = failures so far + 1. The attempt is recorded before
 * the provider is asked, with the provider's idempotency key naming it, so a rerun repeats the same request
 * and gets the same payment back.
 */
async function attempt(db: Db, providers: Providers, sub: SubscriptionRow, invoice: InvoiceRow, now: Date) {
  const n = sub.failedAttempts + 1;
  if (invoice.attempts < n) {
    const [claimed] = await db
      .update(invoices)
      .set({ attempts: n, attemptedAt: now, updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.attempts, n - 1)))
      .returning();
    if (!claimed) return; // another run took this attempt; it finishes it
  } else if (invoice.attempts > n) {
    return;
  }
  // A transfer link opened for this invoice is read first: money that arrived is never charged again, and
  // an outage of the transfer provider fails nobody (the claimed attempt is taken again by the next run).
  if ((await checkRenewalTransfer(db, providers, invoice, now)) !== "none") return;
  // The card is charged by the provider that holds it.
  const method = await defaultMethodOf(db, sub.ownerId);
  const holder = method ? providers.byId(method.provider) : undefined;
  if (!method || !holder || holder.collects !== "card") {
    await failInvoiceWithoutCharge(db, sub.provider, invoice.id, now);
    return;
  }
  await chargeAttempt(db, holder, {
    ownerId: sub.ownerId,
    methodRef: method.providerRef,
    invoice,
    attempt: n,
    now,
  });
}

/** Runs `each` on the subscriptions `where` picks (one owner's only, with `ownerId`); answers how many. */
async function forEachDue(
  db: Db,
  where: SQL | undefined,
  ownerId: string | undefined,
  each: (sub: SubscriptionRow) => Promise<void>,
): Promise<number> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(and(ownerOnly(ownerId), where));
  for (const sub of due) await each(sub);
  return due.length;
}

/** The subscription's renewal invoice, charged again unless it is settled already. */
async function chargeRenewal(db: Db, providers: Providers, sub: SubscriptionRow, now: Date): Promise<void> {
  const invoice = await ensureRenewalInvoice(db, sub, now);
  if (invoice.status === "paid" || invoice.status === "void") return;
  await attempt(db, providers, sub, invoice, now);
}

/**
 * Ends periods that are over: a cancelled subscription ends (its upcoming invoice voided), every other one
 * is charged for the next period.
 */
export function chargeDueRenewals(db: Db, set: ProviderSet, now: Date, ownerId?: string): Promise<number> {
  const providers = asProviders(set);
  const over = and(eq(subscriptions.status, "active"), lte(subscriptions.currentPeriodEnd, now));
  return forEachDue(db, over, ownerId, (sub) =>
    sub.cancelAtPeriodEnd ? endCancelled(db, sub.ownerId, now) : chargeRenewal(db, providers, sub, now),
  );
}

/** Charges again the renewals whose retry time has come (after 1, 3 and 5 days); the last failure expires. */
export function retryFailedRenewals(db: Db, set: ProviderSet, now: Date, ownerId?: string): Promise<number> {
  const providers = asProviders(set);
  const retryDue = and(eq(subscriptions.status, "past_due"), lte(subscriptions.nextRetryAt, now));
  return forEachDue(db, retryDue, ownerId, (sub) => chargeRenewal(db, providers, sub, now));
}

async function endCancelled(db: Db, ownerId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId));
    if (!current?.currentPeriodEnd) return;
    // Invoice before subscription, the order payments take them in, so the two never wait on each other.
    await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.key, renewalKey(current.id, current.currentPeriodEnd)))
      .for("update");
    const row = await lockSubscription(tx, ownerId);
    const state = stateOf(row);
    const next = transition(state, { type: "period_ended", at: now });
    if (!row || !next.ok) return;
    await saveState(tx, ownerId, row.provider, next.state);
    await tx
      .update(invoices)
      .set({ status: "void", updatedAt: now })
      .where(and(eq(invoices.key, renewalKey(row.id, state.periodEnd!)), eq(invoices.status, "upcoming")));
  });
  invalidateEntitlement(ownerId);
}

/** The whole cron step, in the order a period's life runs; for one owner only with `ownerId`. */
export async function runBilling(db: Db, set: ProviderSet, now: Date, ownerId?: string) {
  const providers = asProviders(set);
  return {
    upcoming: await prepareUpcomingInvoices(db, now, ownerId),
    transfers: await openRenewalTransfers(db, providers, now, ownerId),
    renewed: await chargeDueRenewals(db, providers, now, ownerId),
    retried: await retryFailedRenewals(db, providers, now, ownerId),
  };
}
