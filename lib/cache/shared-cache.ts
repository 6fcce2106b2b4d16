import "server-only";
import { broadcaster, type Topic } from "./broadcast";
import { TtlLru } from "./ttl-lru";

/**
 * What a hot path reads from the database, kept a short while in this process and dropped everywhere at
 * once when it changes: here by forget(), on the other instances by a notice on its topic
 * (lib/cache/broadcast.ts). The lifetime bounds a notice that is lost. The profile, an owner's limits, an
 * agent's embed policy and the agent a message is for are kept this way (docs/architecture.md § Caches).
 */
export class SharedCache<V> extends TtlLru<V> {
  /** Moves on every drop: a read that a drop overtook may predate the change. */
  private generation = 0;

  constructor(
    readonly topic: Topic,
    maxEntries: number,
    ttlMs: number,
  ) {
    super(maxEntries, ttlMs);
  }

  /**
   * The value under `key`, loaded and kept when there is none. A value `keep` refuses (an unknown id: a
   * flood of made-up ids must not push real entries out) is returned, not kept; nor is one read while a
   * drop happened, which is used once.
   */
  async read(
    key: string,
    load: () => Promise<V>,
    { keep = () => true, now }: { keep?: (value: V) => boolean; now?: number } = {},
  ): Promise<V> {
    const hit = this.get(key, now);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && keep(value)) this.set(key, value, now);
    return value;
  }

  /** After `key` changed: forgotten here at once, on the other instances when the notice arrives. */
  forget(key: string): void {
    this.delete(key);
    broadcaster().send(this.topic, key);
  }

  override delete(key: string): void {
    this.generation++;
    super.delete(key);
  }
}

/**
 * The process's one cache for `topic`, shared by every bundle copy: Next bundles routes and
 * instrumentation (where jobs run) apart, and the route or job that changes a row must drop what another
 * route reads. Its notices are heard once, by that one copy.
 */
export function sharedCache<V>(topic: Topic, maxEntries: number, ttlMs: number): SharedCache<V> {
  const key = Symbol.for(`agentcity.cache.${topic}`);
  const g = globalThis as { [key: symbol]: SharedCache<V> | undefined };
  let cache = g[key];
  if (!cache) {
    const made = new SharedCache<V>(topic, maxEntries, ttlMs);
    broadcaster().on(topic, (changed) => made.delete(changed));
    g[key] = cache = made;
  }
  return cache;
}
