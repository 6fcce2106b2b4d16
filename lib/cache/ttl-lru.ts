import "server-only";
/**
 * The one in-process cache: a small LRU with a lifetime per entry (profiles, term rarity). Map keeps insertion order, so re-inserting on a hit moves an
 * entry to the young end and the first key is always the least recently used.
 */
export class TtlLru<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
  ) {}

  /** `now`: the caller's clock, where it keeps its own (billing's simulated time); else the system's. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** The value under `key`, made by `make` and kept when there is none (or it has expired). */
  remember(key: string, make: () => V): V {
    const known = this.get(key);
    if (known !== undefined) return known;
    const value = make();
    this.set(key, value);
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
