import "server-only";
import type { Db } from "@/lib/db/client";
import { rememberedLimits } from "./entitlement-cache";
import { type PlanLimits, plans } from "./plan-limits";
import { entitledPlan } from "./subscription-machine";
import { stateOf, subscriptionOf } from "./subscriptions";

/**
 * The limits of an owner's current entitlement (BILL-1, BILL-5): the paid plan while it is active or in the
 * grace of a failed renewal's retries, otherwise the free plan. Every limit check asks it: the monthly
 * allowance and an address's daily share (lib/chat/limits.ts), uploads (lib/ingest/owner.ts) and ingestion
 * (lib/ingest/pipeline.ts). The synchronous `limitsFor` (plan-limits.ts) is the free plan's, for fixtures.
 */
export async function currentLimits(db: Db, ownerId: string, now: Date = new Date()): Promise<PlanLimits> {
  return rememberedLimits(ownerId, now.getTime(), async () => {
    const row = await subscriptionOf(db, ownerId);
    return plans[entitledPlan(stateOf(row), now)];
  });
}
