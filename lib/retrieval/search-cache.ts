import "server-only";
import { sql } from "drizzle-orm";
import { TtlLru } from "@/lib/cache/ttl-lru";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { metrics } from "@/lib/metrics/registry";
import { configuredEmbedder } from "./embedder";
import { type SearchHit, type SearchOptions, searchReadings } from "./search";

/**
 * Searches remembered per agent corpus. A public agent hears the same questions all day (its suggested
 * questions are sent word for word), and the same words on the same passages find the same passages: a
 * remembered search costs no statement at all, where a full-text ranking over a big agent costs tens of
 * milliseconds of database time.
 *
 * The key holds the agent's corpus stamp (the `version` of its '' row in passage_terms), which the passage
 * triggers draw anew from a sequence on every insert or delete of its passages (migration 0015). Reading it
 * is one primary-key lookup per question, so a document learned or removed is seen by the very next
 * question, on every server process, with no message between them. The lifetime only bounds memory and
 * what the stamp does not see (vectors backfilled for passages already there).
 */
const TTL_MS = 10 * 60_000;

let cache: TtlLru<Promise<SearchHit[]>> | undefined;
function entries(): TtlLru<Promise<SearchHit[]>> | null {
  const max = config().RETRIEVAL_CACHE_ENTRIES;
  if (max === 0) return null;
  if (!cache || cache.maxEntries !== max) cache = new TtlLru(max, TTL_MS);
  return cache;
}

/** The agent's corpus stamp, or null when it has no passages (nothing to remember then). */
export async function corpusVersion(db: Db, agentId: string): Promise<number | null> {
  const result = await db.execute<{ version: string | number }>(
    sql`select version from passage_terms where agent_id = ${agentId} and term = ''`,
  );
  const version = result.rows[0]?.version;
  return version === undefined ? null : Number(version);
}

/**
 * searchReadings, each reading answered from memory when the same search ran on the same corpus; those not
 * remembered are searched together, in one statement. Concurrent identical searches share one statement.
 * Only a search that ran to its end is remembered: one cut by its time budget, or without the embedding
 * model, is tried again next time. One promise per query, in order.
 */
export function cachedSearches(
  db: Db,
  opts: Omit<SearchOptions, "query">,
  queries: string[],
  version: number | null,
): Promise<SearchHit[]>[] {
  if (queries.length === 0) return [];
  const memory = version === null ? null : entries();
  // The stamp also lets the search count words from the agent's vocabulary in memory.
  const base = { ...opts, corpusVersion: version };
  if (!memory) {
    const all = searchReadings(db, { ...base, queries });
    return queries.map((_, i) => all.then(({ lists }) => lists[i]!));
  }
  const embedder = opts.embedder === undefined ? configuredEmbedder() : opts.embedder;
  const keyOf = (query: string) =>
    JSON.stringify([
      opts.agentId,
      version,
      opts.limit ?? null,
      embedder?.model ?? null,
      opts.budgetMs ?? null,
      query,
    ]);
  const keys = queries.map(keyOf);
  const known = keys.map((key) => memory.get(key));
  // Each query not remembered once, however often it is asked here.
  const missing = [...new Set(keys.filter((_, i) => !known[i]))];
  for (const k of known) metrics().retrievalCache.inc({ result: k ? "hit" : "miss" });
  // Held here, not read back from memory: a small memory may already have let the first of them go.
  const started = new Map<string, Promise<SearchHit[]>>();
  if (missing.length > 0) {
    const all = searchReadings(db, { ...base, queries: missing.map((key) => queries[keys.indexOf(key)]!) });
    missing.forEach((key, i) => {
      const pending: Promise<SearchHit[]> = all.then(({ lists, complete }) => {
        if (!complete && memory.get(key) === pending) memory.delete(key);
        return lists[i]!;
      });
      started.set(key, pending);
      memory.set(key, pending);
      pending.catch(() => {
        if (memory.get(key) === pending) memory.delete(key);
      });
    });
  }
  return keys.map((key, i) => known[i] ?? started.get(key)!);
}

/** Tests: forget every remembered search. */
export function forgetSearches(): void {
  cache?.clear();
}
