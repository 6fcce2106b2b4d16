import "server-only";
import { eq, sql } from "drizzle-orm";
import { recordPlanChange } from "@/lib/audit/plan";
import type { Db } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";
import { invalidateEntitlement } from "./entitlement-cache";
import type { Currency, Cycle } from "./money";
import type { PlanId } from "./plan-limits";
import { type MachineState, NONE } from "./subscription-machine";

/** Reading and writing the machine's state as the owner's subscription row. */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function stateOf(row: SubscriptionRow | undefined): MachineState {
  if (!row) return NONE;
  return {
    status: row.status,
    plan: row.plan as PlanId,
    cycle: row.cycle as Cycle,
    currency: row.currency as Currency,
    amount: row.amount,
    periodStart: row.currentPeriodStart,
    periodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pendingPlan: row.pendingPlan as PlanId | null,
    pendingCycle: row.pendingCycle as Cycle | null,
    notice: row.noticeKind && row.noticeAt ? { kind: row.noticeKind, at: row.noticeAt } : null,
    failedAttempts: row.failedAttempts,
    nextRetryAt: row.nextRetryAt,
  };
}

function columnsOf(state: MachineState) {
  if (state.status === "none") throw new Error("a subscription row cannot go back to none");
  return {
    status: state.status,
    plan: state.plan,
    cycle: state.cycle ?? "monthly",
    currency: state.currency ?? "VND",
    amount: state.amount,
    currentPeriodStart: state.periodStart,
    currentPeriodEnd: state.periodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    pendingPlan: state.pendingPlan,
    pendingCycle: state.pendingCycle,
    noticeKind: state.notice?.kind ?? null,
    noticeAt: state.notice?.at ?? null,
    failedAttempts: state.failedAttempts,
    nextRetryAt: state.nextRetryAt,
  };
}

/** The owner's row, locked until the transaction ends: every change of state goes through here. */
export async function lockSubscription(tx: Tx, ownerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId)).for("update");
  return row;
}

export async function saveState(
  tx: Tx,
  ownerId: string,
  provider: string,
  state: MachineState,
  extra: { checkoutTokenId?: string | null } = {},
): Promise<SubscriptionRow> {
  const values = { ...columnsOf(state), ...extra, updatedAt: sql`now()` };
  await recordPlanChange(tx, ownerId, values.plan);
  const [row] = await tx
    .insert(subscriptions)
    .values({ ownerId, provider, ...values })
    .onConflictDoUpdate({ target: subscriptions.ownerId, set: { provider, ...values } })
    .returning();
  // Dropped now and again after commit (see entitlement-cache): a reader between the two gets the old row.
  invalidateEntitlement(ownerId);
  return row!;
}

export async function subscriptionOf(db: Db, ownerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId));
  return row;
}
