import "server-only";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import {
  invoices,
  type PaymentTokenStatus,
  paymentMethods,
  paymentTokens,
  subscriptions,
} from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { invalidateEntitlement } from "./entitlement-cache";
import { issueInvoice, lockInvoice } from "./invoices";
import type { Currency, Cycle } from "./money";
import type { PlanId } from "./plan-limits";
import { priceOf } from "./plans";
import type { PaymentProvider, ProviderPayment } from "./providers/types";
import { type MachineEvent, type MachineState, transition } from "./subscription-machine";
import { lockSubscription, saveState, stateOf, type Tx } from "./subscriptions";

const log = logger("billing");

/**
 * Converging on the provider (spec: "a payment changes state only through a verified, stored provider event
 * processed by a job that converges on the provider's own state"). Each function reads the provider's
 * current view and moves the product's rows to match; what an event said is never used. Running one twice,
 * or for two events in either order, ends in the same rows.
 */

export type SyncOutcome = "checkout" | "invoice" | "unknown";

/** Converges what the payment `ref` pays for; answers what it was and the provider's payment as read. */
export async function syncPayment(
  db: Db,
  provider: PaymentProvider,
  ref: string,
  now: Date = new Date(),
): Promise<{ outcome: SyncOutcome; payment: ProviderPayment | null }> {
  const payment = await provider.getPayment(ref);
  if (!payment) return { outcome: "unknown", payment };
  const label = await methodLabel(provider, payment);
  if (payment.status === "succeeded" && payment.methodRef) await syncMethods(db, provider, payment.customer);

  const [token] = await db
    .select({ id: paymentTokens.id })
    .from(paymentTokens)
    .where(and(eq(paymentTokens.provider, provider.id), eq(paymentTokens.providerRef, ref)));
  if (token) {
    await applyCheckout(db, provider.id, token.id, payment, label, now);
    return { outcome: "checkout", payment };
  }
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.providerPaymentRef, ref));
  if (invoice) {
    await applyInvoicePayment(db, provider.id, invoice.id, payment, label, now);
    return { outcome: "invoice", payment };
  }
  return { outcome: "unknown", payment };
}

async function methodLabel(provider: PaymentProvider, payment: ProviderPayment): Promise<string | null> {
  if (payment.methodKind === "bank_transfer") return "Bank transfer";
  if (!payment.methodRef) return null;
  const method = await provider.getMethod(payment.methodRef);
  if (!method) return "Card";
  return cardLabel(method.brand, method.last4);
}

/** A card as invoices and confirmations name it: "Visa •••• 4242". */
export function cardLabel(brand: string, last4: string): string {
  return `${brand.charAt(0).toUpperCase()}${brand.slice(1)} •••• ${last4}`;
}

/** The owner's default card in the mirror: what renewals and plan changes charge. */
export async function defaultMethodOf(db: Db, ownerId: string) {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.ownerId, ownerId), eq(paymentMethods.isDefault, true)));
  return method;
}

/**
 * Whether the provider's succeeded payment is the money asked for: the same currency and at least the
 * amount. Anything else activates nothing; it is logged for support (a provider, or a tampered checkout,
 * that took less than the price must not buy the plan).
 */
function paysInFull(payment: ProviderPayment, amount: number, currency: string, what: string): boolean {
  if (payment.currency === currency && payment.amount >= amount) return true;
  log.error(
    `${what}: ${payment.ref} paid ${payment.amount} ${payment.currency}, ${amount} ${currency} was asked; not applied`,
  );
  return false;
}

function persist(tx: Tx, ownerId: string, providerId: string, state: MachineState, event: MachineEvent) {
  const next = transition(state, event);
  return next.ok ? saveState(tx, ownerId, providerId, next.state).then(() => next.state) : null;
}

async function applyCheckout(
  db: Db,
  providerId: string,
  tokenId: string,
  payment: ProviderPayment,
  label: string | null,
  now: Date,
): Promise<void> {
  let ownerId = "";
  await db.transaction(async (tx) => {
    const [token] = await tx.select().from(paymentTokens).where(eq(paymentTokens.id, tokenId)).for("update");
    if (!token) return;
    ownerId = token.ownerId;
    if (token.status === "succeeded") return;
    if (token.status === "failed" || token.status === "expired") {
      // A closed checkout stays closed, unless its money arrived after all (a transfer made while its link
      // was being cancelled): money taken is honoured, below; if a plan is already active it is invoiced
      // and logged for a refund, never lost.
      if (payment.status !== "succeeded") return;
      log.warn(`checkout ${token.id} was ${token.status} and has been paid: applying it`);
    }
    const row = await lockSubscription(tx, token.ownerId);
    const state = stateOf(row);
    const purchase = {
      plan: token.plan as PlanId,
      cycle: token.cycle as Cycle,
      currency: token.currency as Currency,
      amount: token.amount,
    };
    const setToken = (status: PaymentTokenStatus) =>
      tx.update(paymentTokens).set({ status, updatedAt: now }).where(eq(paymentTokens.id, token.id));

    if (payment.status === "verifying") {
      if (token.status === "verifying") return;
      await setToken("verifying");
      const next = transition(state, { type: "checkout_verifying", at: now, ...purchase });
      if (next.ok) await saveState(tx, token.ownerId, providerId, next.state, { checkoutTokenId: token.id });
      return;
    }
    if (
      payment.status === "succeeded" &&
      !paysInFull(payment, token.amount, token.currency, `checkout ${token.id}`)
    ) {
      // Money arrived but not what was asked: not a purchase, and not final either (support may settle it).
      if (token.status === "pending") await setToken("verifying");
      return;
    }
    if (payment.status === "succeeded") {
      await setToken("succeeded");
      const at = payment.settledAt ?? now;
      const next = await persist(tx, token.ownerId, providerId, state, {
        type: "checkout_succeeded",
        at,
        ...purchase,
      });
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.ownerId, token.ownerId));
      if (!sub) return;
      // Charged money always gets its invoice, even in the unexpected case the subscription refused it.
      await issueInvoice(tx, at, {
        subscriptionId: sub.id,
        ownerId: token.ownerId,
        key: `checkout:${token.id}`,
        kind: "checkout",
        status: "paid",
        plan: purchase.plan,
        cycle: purchase.cycle,
        currency: purchase.currency,
        total: payment.amount,
        periodStart: next?.periodStart ?? at,
        periodEnd: next?.periodEnd ?? at,
        dueDate: at,
        paymentMethodLabel: label,
        paidAt: at,
        attempts: 1,
      });
      if (!next) log.error(`checkout ${token.id} paid while the subscription was ${state.status}`);
      return;
    }
    if (payment.status === "failed" || payment.status === "expired") {
      await setToken(payment.status);
      if (state.status === "verifying" && row?.checkoutTokenId === token.id) {
        await persist(tx, token.ownerId, providerId, state, { type: "checkout_failed", at: now });
      }
    }
  });
  if (ownerId) invalidateEntitlement(ownerId);
}

async function applyInvoicePayment(
  db: Db,
  providerId: string,
  invoiceId: string,
  payment: ProviderPayment,
  label: string | null,
  now: Date,
): Promise<void> {
  let ownerId = "";
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    // Only the latest attempt speaks for the invoice.
    if (!invoice || invoice.providerPaymentRef !== payment.ref) return;
    if (invoice.status === "paid" || invoice.status === "void") return;
    ownerId = invoice.ownerId;
    const row = await lockSubscription(tx, invoice.ownerId);
    const state = stateOf(row);

    if (
      payment.status === "succeeded" &&
      !paysInFull(payment, invoice.total, invoice.currency, `invoice ${invoice.number}`)
    ) {
      return;
    }
    if (payment.status === "succeeded") {
      const at = payment.settledAt ?? now;
      await tx
        .update(invoices)
        .set({ status: "paid", paidAt: at, paymentMethodLabel: label, updatedAt: now })
        .where(eq(invoices.id, invoice.id));
      if (invoice.kind === "renewal") {
        // The period this invoice pays for is the one after the subscription's current one.
        if (state.periodEnd?.getTime() !== invoice.periodStart.getTime()) return;
        await persist(tx, invoice.ownerId, providerId, state, {
          type: "renewal_succeeded",
          at,
          amount: invoice.total,
        });
      } else if (invoice.kind === "change") {
        const plan = invoice.plan as PlanId;
        const cycle = invoice.cycle as Cycle;
        await persist(tx, invoice.ownerId, providerId, state, {
          type: "change_paid",
          at,
          plan,
          cycle,
          amount: priceOf(plan, cycle, invoice.currency as Currency) ?? state.amount,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
        });
      }
      return;
    }
    if (payment.status === "failed" && invoice.failuresApplied < invoice.attempts) {
      await tx
        .update(invoices)
        .set({
          status: "failed",
          failuresApplied: invoice.attempts,
          paymentMethodLabel: label,
          updatedAt: now,
        })
        .where(eq(invoices.id, invoice.id));
      if (invoice.kind === "renewal" && state.periodEnd?.getTime() === invoice.periodStart.getTime()) {
        await persist(tx, invoice.ownerId, providerId, state, { type: "renewal_failed", at: now });
      }
    }
  });
  if (ownerId) invalidateEntitlement(ownerId);
}

/** A renewal that could not even be attempted (no card on file) fails like a declined one. */
export async function failInvoiceWithoutCharge(db: Db, providerId: string, invoiceId: string, now: Date) {
  let ownerId = "";
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice || invoice.status === "paid" || invoice.status === "void") return;
    if (invoice.failuresApplied >= invoice.attempts) return;
    ownerId = invoice.ownerId;
    await tx
      .update(invoices)
      .set({ status: "failed", failuresApplied: invoice.attempts, updatedAt: now })
      .where(eq(invoices.id, invoice.id));
    const state = stateOf(await lockSubscription(tx, invoice.ownerId));
    if (invoice.kind === "renewal" && state.periodEnd?.getTime() === invoice.periodStart.getTime()) {
      await persist(tx, invoice.ownerId, providerId, state, { type: "renewal_failed", at: now });
    }
  });
  if (ownerId) invalidateEntitlement(ownerId);
}

/** Mirrors the owner's saved cards from the provider: added, removed, default and expiry state. */
export async function syncMethods(
  db: Db,
  provider: PaymentProvider,
  ownerId: string,
  now: Date = new Date(),
) {
  const methods = await provider.listMethods(ownerId);
  await db.transaction(async (tx) => {
    const refs = methods.map((m) => m.ref);
    await tx
      .delete(paymentMethods)
      .where(
        and(
          eq(paymentMethods.ownerId, ownerId),
          eq(paymentMethods.provider, provider.id),
          refs.length ? notInArray(paymentMethods.providerRef, refs) : undefined,
        ),
      );
    // Defaults are cleared first: the unique "one default per owner" index holds at every statement.
    await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.ownerId, ownerId));
    for (const m of methods) {
      const expired = now.getTime() >= Date.UTC(m.expYear, m.expMonth, 1);
      const values = {
        brand: m.brand,
        last4: m.last4,
        expMonth: m.expMonth,
        expYear: m.expYear,
        state: expired ? "expired" : "active",
      };
      await tx
        .insert(paymentMethods)
        .values({ ownerId, provider: provider.id, providerRef: m.ref, ...values })
        .onConflictDoUpdate({ target: [paymentMethods.provider, paymentMethods.providerRef], set: values });
    }
    const def = methods.find((m) => m.isDefault);
    if (def) {
      await tx
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(
          and(
            eq(paymentMethods.ownerId, ownerId),
            eq(paymentMethods.provider, provider.id),
            inArray(paymentMethods.providerRef, [def.ref]),
          ),
        );
    }
  });
}
