import "server-only";
import { rememberedLimits } from "@/lib/billing/entitlement-cache";
import { type PlanLimits, plans } from "@/lib/billing/plan-limits";
import { entitledPlan } from "@/lib/billing/subscription-machine";
import { stateOf, subscriptionOf } from "@/lib/billing/subscriptions";
import type { Db } from "@/lib/db/client";

/**
 * The limits of an owner's current entitlement (BILL-1, BILL-5): the paid plan while it is active or in the
 * grace of a failed renewal's retries, otherwise the free plan. Every limit check asks it: the monthly
 * allowance and an address's daily share (./chat.ts, ./allowance.ts), uploads (lib/server/training.ts) and ingestion
 * (lib/ingest/pipeline.ts). The synchronous `limitsFor` (plan-limits.ts) is the free plan's, for fixtures.
 */
export async function currentLimits(db: Db, ownerId: string, now: Date = new Date()): Promise<PlanLimits> {
  return rememberedLimits(ownerId, now.getTime(), async () => {
    const row = await subscriptionOf(db, ownerId);
    return plans[entitledPlan(stateOf(row), now)];
  });
}
