import "server-only";
import { sharedCache } from "@/lib/cache/shared-cache";
import type { PlanLimits } from "./plan-limits";

/**
 * Owners' current limits, kept a few seconds in this process: a visitor message checks them on every
 * answer. Billing drops an owner's entry whenever it writes their subscription, here and on every other
 * instance (lib/cache/shared-cache.ts); the TTL bounds the staleness should that notice be lost.
 */

export const ENTITLEMENT_TTL_MS = 10_000;

const entitlements = () => sharedCache<PlanLimits>("entitlement", 50_000, ENTITLEMENT_TTL_MS);

/** The owner's limits, read by `load` when not kept; `nowMs` is billing's clock (simulated in its tests). */
export function rememberedLimits(
  ownerId: string,
  nowMs: number,
  load: () => Promise<PlanLimits>,
): Promise<PlanLimits> {
  return entitlements().read(ownerId, load, { now: nowMs });
}

export function invalidateEntitlement(ownerId: string): void {
  entitlements().forget(ownerId);
}
