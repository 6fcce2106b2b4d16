import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { type PaymentTokenStatus, paymentTokens, users } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { BillingError } from "./errors";
import type { Currency, Cycle } from "./money";
import type { PlanId } from "./plan-limits";
import { type CatalogueSettings, isPurchasable, planById, priceOf } from "./plans";
import { asProviders, type PayMethod, type ProviderSet } from "./providers";
import { type PayInput, SandboxInputError, type SandboxProvider } from "./providers/sandbox";
import type { PaymentProvider, ProviderPayment } from "./providers/types";
import { isEntitled } from "./subscription-machine";
import { stateOf } from "./subscriptions";
import { syncPayment } from "./sync";

const log = logger("billing");

/**
 * Checkout (BILL-3, BILL-4): a payment token for (plan, cycle, currency), paid on the provider's page. An
 * owner has at most one checkout that can be paid: a new token retires the open one, and a payment under
 * way (claimed) refuses both new tokens and other payments. With the owner's row locked around each of those
 * steps, ten checkouts at once charge once.
 */

/** A payment token lives 15 minutes (spec §9). */
export const PAYMENT_TOKEN_TTL_MS = 15 * 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type NewCheckout = {
  ownerId: string;
  plan: PlanId;
  cycle: Cycle;
  currency: Currency;
  locale: string;
  returnUrl: string;
};

export type CheckoutStarted = { token: string; checkoutUrl: string; expiresAt: Date };

export async function createPaymentToken(
  db: Db,
  provider: PaymentProvider,
  req: NewCheckout,
  now: Date = new Date(),
  settings?: CatalogueSettings,
  /** the deployment's providers: a retired checkout is closed by its own provider (a card chosen over a transfer) */
  providers?: ProviderSet,
): Promise<CheckoutStarted> {
  const plan = planById(req.plan, settings);
  if (plan.status === "contact_sales") throw new BillingError("contact_sales");
  if (plan.id === "free") throw new BillingError("invalid_plan");
  if (!isPurchasable(req.plan, settings)) throw new BillingError("not_for_sale");
  const amount = priceOf(req.plan, req.cycle, req.currency, settings)!;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PAYMENT_TOKEN_TTL_MS);

  const { id, retired } = await db.transaction(async (tx) => {
    await lockOwner(tx, req.ownerId);
    await refuseWhileBusy(tx, req.ownerId, now);
    const retired = await tx
      .update(paymentTokens)
      .set({ status: "expired", updatedAt: now })
      .where(
        and(
          eq(paymentTokens.ownerId, req.ownerId),
          eq(paymentTokens.status, "pending"),
          isNull(paymentTokens.claimedAt),
        ),
      )
      .returning({ ref: paymentTokens.providerRef, provider: paymentTokens.provider });
    const [row] = await tx
      .insert(paymentTokens)
      .values({
        tokenHash: hashToken(token),
        ownerId: req.ownerId,
        plan: req.plan,
        cycle: req.cycle,
        currency: req.currency,
        amount,
        provider: provider.id,
        expiresAt,
        insertedAt: now,
      })
      .returning({ id: paymentTokens.id });
    return { id: row!.id, retired };
  });
  const closers = asProviders(providers ?? provider);
  for (const old of retired) {
    if (!old.ref) continue;
    try {
      await (closers.byId(old.provider) ?? provider).expireCheckout(old.ref);
    } catch (err) {
      // The new checkout goes ahead: should the old one still be paid, that payment is honoured or
      // flagged for a refund when it is read (sync.ts), never lost.
      log.warn(`checkout ${old.ref} of ${old.provider} not closed: ${(err as Error).message}`);
    }
  }

  const checkout = await provider.createCheckout({
    ownerId: req.ownerId,
    plan: req.plan,
    cycle: req.cycle,
    currency: req.currency,
    amount,
    token,
    locale: req.locale,
    returnUrl: req.returnUrl,
  });
  await db.update(paymentTokens).set({ providerRef: checkout.ref }).where(eq(paymentTokens.id, id));
  return { token, checkoutUrl: checkout.url, expiresAt };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Serialises an owner's checkout steps: the owner's row is locked until the transaction ends. */
async function lockOwner(tx: Tx, ownerId: string): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for("update");
  if (!user) throw new BillingError("token_not_found");
}

/** Refuses a second purchase while the owner has a plan, a transfer being verified or a payment under way. */
async function refuseWhileBusy(tx: Tx, ownerId: string, now: Date, except?: string): Promise<void> {
  const [sub] = await tx.query.subscriptions.findMany({ where: (s, { eq }) => eq(s.ownerId, ownerId) });
  const state = stateOf(sub);
  if (isEntitled(state, now)) throw new BillingError("already_subscribed");
  if (state.status === "verifying") throw new BillingError("payment_in_progress");
  const inFlight = await tx
    .select({ id: paymentTokens.id })
    .from(paymentTokens)
    .where(
      and(
        eq(paymentTokens.ownerId, ownerId),
        eq(paymentTokens.status, "pending"),
        isNotNull(paymentTokens.claimedAt),
        gt(paymentTokens.expiresAt, now),
      ),
    );
  if (inFlight.some((t) => t.id !== except)) throw new BillingError("payment_in_progress");
}

/**
 * The sandbox checkout page's "Pay": claims the token for this one payment, then lets the sandbox take it.
 * The outcome reaches the subscription through the sandbox's signed event, not from here. With `ownerId`,
 * another owner's token is not found.
 */
export async function payWithSandbox(
  db: Db,
  sandbox: SandboxProvider,
  token: string,
  input: PayInput,
  { now = new Date(), ownerId }: { now?: Date; ownerId?: string } = {},
): Promise<ProviderPayment> {
  const byHash = eq(paymentTokens.tokenHash, hashToken(token));
  const [found] = await db
    .select()
    .from(paymentTokens)
    .where(ownerId ? and(byHash, eq(paymentTokens.ownerId, ownerId)) : byHash);
  if (!found || found.provider !== sandbox.id) throw new BillingError("token_not_found");
  const claimed = await db.transaction(async (tx) => {
    await lockOwner(tx, found.ownerId);
    const [t] = await tx.select().from(paymentTokens).where(eq(paymentTokens.id, found.id)).for("update");
    if (t?.status !== "pending" || t.claimedAt) throw new BillingError("token_used");
    if (t.expiresAt <= now) throw new BillingError("token_expired");
    if (!t.providerRef) throw new BillingError("not_payable");
    await refuseWhileBusy(tx, t.ownerId, now, t.id);
    await tx.update(paymentTokens).set({ claimedAt: now }).where(eq(paymentTokens.id, t.id));
    return t;
  });
  try {
    return await sandbox.payCheckout(claimed.providerRef!, input);
  } catch (err) {
    // Nothing was charged: the checkout stays open for a corrected card.
    await db
      .update(paymentTokens)
      .set({ claimedAt: null })
      .where(and(eq(paymentTokens.id, claimed.id), eq(paymentTokens.status, "pending")));
    if (err instanceof SandboxInputError) throw new BillingError(err.code);
    throw err;
  }
}

export type PaymentView = {
  status: PaymentTokenStatus;
  plan: PlanId;
  cycle: Cycle;
  amount: number;
  currency: Currency;
  /** what a partly paid transfer still owes (null when nothing is known to be owed) */
  amountDue: number | null;
  /** the provider taking it: the checkout page shows a transfer's QR again */
  provider: string;
  /** how it is paid: a card, or a bank transfer (payOS; the sandbox's transfer option is its own form's) */
  method: PayMethod;
};

/**
 * `payment(token)` (BILL-4): the owner's own token only (another owner's answers null, as if absent).
 * A token not final yet is brought up to date from the provider first, the source of truth.
 */
export async function paymentOf(
  db: Db,
  set: ProviderSet,
  ownerId: string,
  token: string,
  now: Date = new Date(),
): Promise<PaymentView | null> {
  const find = async () => {
    const [row] = await db
      .select()
      .from(paymentTokens)
      .where(and(eq(paymentTokens.tokenHash, hashToken(token)), eq(paymentTokens.ownerId, ownerId)));
    return row;
  };
  let row = await find();
  if (!row) return null;
  let unsure = false;
  let amountDue: number | null = null;
  const provider = asProviders(set).byId(row.provider);
  if ((row.status === "pending" || row.status === "verifying") && row.providerRef) {
    try {
      if (!provider) throw new Error(`${row.provider} is not configured`);
      if (row.status === "pending" && row.expiresAt <= now) await provider.expireCheckout(row.providerRef);
      const { payment } = await syncPayment(db, provider, row.providerRef, now);
      if (payment?.amountDue && payment.status !== "succeeded") amountDue = payment.amountDue;
    } catch (err) {
      // The provider cannot be asked now. The money may already have moved, so the owner is told it is
      // being verified (never "failed"); the event, the sweep or the next check settles it.
      log.warn(
        `payment check: ${row.provider} did not answer for ${row.providerRef}: ${(err as Error).message}`,
      );
      unsure = true;
    }
    row = (await find())!;
  }
  return {
    status: unsure && row.status === "pending" ? "verifying" : row.status,
    plan: row.plan as PlanId,
    cycle: row.cycle as Cycle,
    amount: row.amount,
    currency: row.currency as Currency,
    amountDue: row.status === "verifying" ? amountDue : null,
    provider: row.provider,
    method: provider?.collects === "transfer" ? "bank_transfer" : "card",
  };
}

/** Retires checkouts left unpaid past their 15 minutes (the job's sweep; paymentOf does it on read too). */
export async function expirePaymentTokens(db: Db, set: ProviderSet, now: Date = new Date()): Promise<number> {
  let n = 0;
  for (const provider of asProviders(set).all) {
    try {
      n += await expireTokensOf(db, provider, now);
    } catch (err) {
      // One provider down must not keep the others' checkouts open; the next sweep tries again.
      log.warn(`checkouts of ${provider.id} not expired: ${(err as Error).message}`);
    }
  }
  return n;
}

async function expireTokensOf(db: Db, provider: PaymentProvider, now: Date): Promise<number> {
  const stale = await db
    .select({ id: paymentTokens.id, ref: paymentTokens.providerRef })
    .from(paymentTokens)
    .where(
      and(
        eq(paymentTokens.provider, provider.id),
        eq(paymentTokens.status, "pending"),
        lte(paymentTokens.expiresAt, now),
      ),
    );
  for (const { id, ref } of stale) {
    if (!ref) {
      // Created but never handed to the provider (a crash in between): nothing there to ask.
      await db
        .update(paymentTokens)
        .set({ status: "expired", updatedAt: now })
        .where(and(eq(paymentTokens.id, id), eq(paymentTokens.status, "pending")));
      continue;
    }
    await provider.expireCheckout(ref);
    await syncPayment(db, provider, ref, now);
  }
  return stale.length;
}
