import "server-only";
import { broadcaster } from "@/lib/cache/broadcast";
import type { PlanLimits } from "./plan-limits";

/**
 * Owners' current limits, kept a few seconds in this process: a visitor message checks them on every
 * answer. Billing drops an owner's entry whenever it writes their subscription, here and on every other
 * instance (lib/cache/broadcast.ts); the TTL bounds the staleness should that notice be lost.
 */

export const ENTITLEMENT_TTL_MS = 10_000;

type Entry = { limits: PlanLimits; until: number; generation: number };

// On globalThis: Next bundles routes and instrumentation (where jobs run) apart, and a job that activates a
// plan must drop the entry every route of the process reads.
const KEY = Symbol.for("agentcity.entitlements");
type Holder = { [KEY]?: { cache: Map<string, Entry>; generations: Map<string, number> } };
const holder = globalThis as Holder;
holder[KEY] ??= { cache: new Map(), generations: new Map() };
const { cache, generations } = holder[KEY];

export function cachedLimits(ownerId: string, nowMs: number): PlanLimits | undefined {
  const hit = cache.get(ownerId);
  if (!hit) return undefined;
  if (hit.until <= nowMs || hit.generation !== (generations.get(ownerId) ?? 0)) {
    cache.delete(ownerId);
    return undefined;
  }
  return hit.limits;
}

/** The generation a reader must quote back when storing what it read: a write in between makes it stale. */
export function generationOf(ownerId: string): number {
  return generations.get(ownerId) ?? 0;
}

export function storeLimits(ownerId: string, limits: PlanLimits, nowMs: number, generation: number): void {
  if (generation !== generationOf(ownerId)) return;
  if (cache.size > 50_000) cache.clear();
  cache.set(ownerId, { limits, until: nowMs + ENTITLEMENT_TTL_MS, generation });
}

function drop(ownerId: string): void {
  generations.set(ownerId, generationOf(ownerId) + 1);
  cache.delete(ownerId);
}

export function invalidateEntitlement(ownerId: string): void {
  drop(ownerId);
  broadcaster().send("entitlement", ownerId);
}

broadcaster().on("entitlement", drop);

/** For tests. */
export function clearEntitlementCache(): void {
  cache.clear();
  generations.clear();
}
