import "server-only";
import type { Db } from "@/lib/db/client";
import { cachedLimits, generationOf, storeLimits } from "./entitlement-cache";
import { type PlanLimits, plans } from "./plan-limits";
import { entitledPlan } from "./subscription-machine";
import { stateOf, subscriptionOf } from "./subscriptions";

/**
 * The limits of an owner's current entitlement (BILL-1, BILL-5): the paid plan while it is active or in the
 * grace of a failed renewal's retries, otherwise the free plan.
 *
 * Callers of the synchronous `limitsFor(user)` (lib/billing/plan-limits.ts), which still answers the free
 * plan, must move to `await currentLimits(db, ownerId)` (found with `grep -rn limitsFor lib app`):
 *   - lib/chat/limits.ts:42   addressDailyCap: the address's share of the monthly allowance
 *   - lib/chat/limits.ts:182  spending one visitor message of the monthly allowance
 *   - lib/chat/limits.ts:207  the allowance shown to the owner (used / max)
 *   - lib/ingest/pipeline.ts:36  per-document characters and per-agent totals at ingestion
 *   - lib/ingest/owner.ts:14     upload and add checks (files, bytes, documents, characters per agent)
 *   - tests/unit/add-write-order.test.ts:49 passes `limitsFor(null)` as a fixture (can stay: free limits)
 * (after issue 14's moves these live under lib/retrieval / lib/history / lib/chat; grep again.)
 */
export async function currentLimits(db: Db, ownerId: string, now: Date = new Date()): Promise<PlanLimits> {
  const hit = cachedLimits(ownerId, now.getTime());
  if (hit) return hit;
  const generation = generationOf(ownerId);
  const row = await subscriptionOf(db, ownerId);
  const limits = plans[entitledPlan(stateOf(row), now)];
  storeLimits(ownerId, limits, now.getTime(), generation);
  return limits;
}
