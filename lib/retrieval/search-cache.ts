import "server-only";
import { sql } from "drizzle-orm";
import { TtlLru } from "@/lib/cache/ttl-lru";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { metrics } from "@/lib/metrics/registry";
import { configuredEmbedder } from "./embedder";
import { type SearchHit, type SearchOptions, searchOutcome } from "./search";

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
 * searchPassages, answered from memory when the same search ran on the same corpus. Concurrent identical
 * searches share one statement. Only a search that ran to its end is remembered: one cut by its time
 * budget, or without the embedding model, is tried again next time.
 */
export async function cachedSearch(
  db: Db,
  opts: SearchOptions,
  version: number | null,
): Promise<SearchHit[]> {
  const memory = version === null ? null : entries();
  // The stamp also lets the search count words from the agent's vocabulary in memory.
  opts = { ...opts, corpusVersion: version };
  if (!memory) return (await searchOutcome(db, opts)).hits;
  const embedder = opts.embedder === undefined ? configuredEmbedder() : opts.embedder;
  const key = JSON.stringify([
    opts.agentId,
    version,
    opts.limit ?? null,
    embedder?.model ?? null,
    opts.budgetMs ?? null,
    opts.query,
  ]);
  const known = memory.get(key);
  if (known) {
    metrics().retrievalCache.inc({ result: "hit" });
    return known;
  }
  metrics().retrievalCache.inc({ result: "miss" });
  const pending = searchOutcome(db, opts).then((outcome) => {
    if (!outcome.complete && memory.get(key) === pending) memory.delete(key);
    return outcome.hits;
  });
  memory.set(key, pending);
  pending.catch(() => {
    if (memory.get(key) === pending) memory.delete(key);
  });
  return pending;
}

/** Tests: forget every remembered search. */
export function forgetSearches(): void {
  cache?.clear();
}
