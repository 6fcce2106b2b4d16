import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { invalidateEntitlement } from "@/lib/billing/entitlement-cache";
import type { Providers } from "@/lib/billing/providers";
import type { Db } from "@/lib/db/client";
import { invoices, paymentMethods, paymentTokens, subscriptions } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";

const log = logger("erase");

/** A payment the provider is still verifying: ending the plan under it could take money for nothing. */
export async function requireNoPaymentVerifying(db: Db, ownerId: string): Promise<void> {
  const [sub] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.ownerId, ownerId));
  const [token] = await db
    .select({ id: paymentTokens.id })
    .from(paymentTokens)
    .where(
      and(
        eq(paymentTokens.ownerId, ownerId),
        inArray(paymentTokens.status, ["verifying"]),
        isNotNull(paymentTokens.claimedAt),
      ),
    )
    .limit(1);
  if (sub?.status === "verifying" || token) throw new ApiError("conflict", "erase_payment_verifying");
}

/**
 * Ends an owner's subscription at once, with no refund (issue 48): the plan is canceled now rather than at
 * the period's end, open invoices are voided, saved cards are detached at their provider and forgotten.
 * Paid invoices stay, as accounting records must, stripped of the card they were paid with. Returns whether
 * a plan was running.
 */
export async function endSubscriptionNow(
  db: Db,
  providers: Providers,
  ownerId: string,
  now = new Date(),
): Promise<boolean> {
  const ended = await db.transaction(async (tx) => {
    const t: Db = tx;
    const [sub] = await t
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.ownerId, ownerId))
      .for("update");
    if (sub?.status === "verifying") throw new ApiError("conflict", "erase_payment_verifying");
    const running = sub !== undefined && (sub.status === "active" || sub.status === "past_due");
    if (sub) {
      await t
        .update(subscriptions)
        .set({
          status: "canceled",
          cancelAtPeriodEnd: false,
          currentPeriodEnd: running ? now : sub.currentPeriodEnd,
          pendingPlan: null,
          pendingCycle: null,
          noticeKind: null,
          noticeAt: null,
          failedAttempts: 0,
          nextRetryAt: null,
        })
        .where(eq(subscriptions.id, sub.id));
    }
    await t
      .update(invoices)
      .set({ status: "void" })
      .where(and(eq(invoices.ownerId, ownerId), eq(invoices.status, "upcoming")));
    await t.update(invoices).set({ paymentMethodLabel: null }).where(eq(invoices.ownerId, ownerId));
    return running;
  });
  const cards = await db.select().from(paymentMethods).where(eq(paymentMethods.ownerId, ownerId));
  for (const card of cards) {
    try {
      await providers.byId(card.provider)?.detachMethod(ownerId, card.providerRef);
    } catch (err) {
      // The card is forgotten here either way; the provider's copy can be removed from its dashboard.
      log.warn(`card ${card.id} not detached at ${card.provider}: ${(err as Error).message}`);
    }
  }
  await db.delete(paymentMethods).where(eq(paymentMethods.ownerId, ownerId));
  invalidateEntitlement(ownerId);
  return ended;
}
