import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { logger } from "@/lib/logger";

const log = logger("retrieval");

/**
 * An agent's whole vocabulary (passage_terms) held in memory for one corpus stamp, so a search's word
 * counts cost no statement. Each uncached search read them in a round trip of its own before its full-text
 * statement: 1 to 4 ms under load, on the path between the model's rewrite and the answer (issue 18).
 *
 * Exact, never stale: the terms and the stamp come from one statement (one snapshot of the table), and a
 * snapshot answers only a question that read the very same stamp. A document learned or removed changes the
 * stamp, so the next question counts through term-stats' own reads until the new snapshot is in; loads run
 * in the background, never on a question's path.
 */
export type VocabularySnapshot = {
  version: number;
  /** The agent's terms, sorted by UTF-16 code units ("" first: its df is the number of passages). */
  terms: string[];
  df: Int32Array;
};

/**
 * Only agents with at most this many distinct terms are held (a thousand pages of prose come to about
 * that): a bigger one keeps the per-term reads. Memory: at most MAX_AGENTS of them per database, about
 * 1.5 MB each at the limit.
 */
export const MAX_SNAPSHOT_TERMS = 20_000;
const MAX_AGENTS = 32;
/** One agent is loaded at most this often: while it is trained, its stamp changes with every document. */
const RELOAD_MS = 5_000;
/** An agent found too big is looked at again only after this long. */
const TOO_BIG_RETRY_MS = 10 * 60_000;

type Entry = {
  snapshot: VocabularySnapshot | null;
  loading: boolean;
  /** When a load may start again. */
  nextLoad: number;
};

const byDatabase = new WeakMap<Db, Map<string, Entry>>();

/**
 * The agent's vocabulary at `version` if it is in memory; otherwise null, and a load starts in the
 * background (at most one per agent at a time). `db` must be the database itself, not a transaction: the
 * load outlives the caller.
 */
export function vocabularySnapshot(
  db: Db,
  agentId: string,
  version: number | null | undefined,
): VocabularySnapshot | null {
  if (version === null || version === undefined) return null;
  let agents = byDatabase.get(db);
  if (!agents) {
    agents = new Map();
    byDatabase.set(db, agents);
  }
  let entry = agents.get(agentId);
  // Map order is the LRU order: the first key is the agent asked least recently.
  if (entry) agents.delete(agentId);
  else entry = { snapshot: null, loading: false, nextLoad: 0 };
  agents.set(agentId, entry);
  while (agents.size > MAX_AGENTS) agents.delete(agents.keys().next().value as string);
  if (entry.snapshot?.version === version) return entry.snapshot;
  const now = Date.now();
  if (!entry.loading && now >= entry.nextLoad) {
    const loading = entry;
    loading.loading = true;
    loading.nextLoad = now + RELOAD_MS;
    readVocabularySnapshot(db, agentId)
      .then((snapshot) => {
        // A bigger agent keeps any older snapshot unused (its stamp never matches again) until evicted.
        if (snapshot) loading.snapshot = snapshot;
        else loading.nextLoad = Date.now() + TOO_BIG_RETRY_MS;
      })
      .catch((err: Error) => log.warn(`vocabulary snapshot failed, counting per term: ${err.message}`))
      .finally(() => {
        loading.loading = false;
      });
  }
  return null;
}

/**
 * One statement: the agent's terms with their counts and its corpus stamp, or null when it has no
 * passages or more than `maxTerms` terms.
 */
export async function readVocabularySnapshot(
  db: Db,
  agentId: string,
  maxTerms = MAX_SNAPSHOT_TERMS,
): Promise<VocabularySnapshot | null> {
  const result = await db.execute<{ term: string; df: number | string; version: number | string }>(sql`
    select term, df, version from passage_terms where agent_id = ${agentId} limit ${maxTerms + 1}`);
  const rows = result.rows;
  const stamp = rows.find((r) => r.term === "");
  if (!stamp || rows.length > maxTerms) return null;
  rows.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  return {
    version: Number(stamp.version),
    terms: rows.map((r) => r.term),
    df: Int32Array.from(rows, (r) => Number(r.df)),
  };
}

/** The df of `term` itself (0 when the agent never uses it). */
export function snapshotDf(snapshot: VocabularySnapshot, term: string): number {
  const i = lowerBound(snapshot.terms, term);
  return snapshot.terms[i] === term ? snapshot.df[i]! : 0;
}

/** The agent's forms of `prefix` (isFormOf), with their df, as term-stats reads them. */
export function snapshotForms(snapshot: VocabularySnapshot, prefix: string): { term: string; df: number }[] {
  const forms: { term: string; df: number }[] = [];
  const { terms, df } = snapshot;
  for (let i = lowerBound(terms, prefix); i < terms.length && terms[i]!.startsWith(prefix); i++) {
    const term = terms[i]!;
    if (isFormOf(term, prefix)) forms.push({ term, df: df[i]! });
  }
  return forms;
}

/**
 * Whether `term` is one of `prefix`'s forms: in [prefix, prefix + "{") in the column's bytewise order. A
 * term that continues with a letter outside ASCII starts with `prefix` but sorts after that range (its
 * UTF-8 bytes all follow "{"), so it is not one.
 */
export function isFormOf(term: string, prefix: string): boolean {
  return term.startsWith(prefix) && (term.length === prefix.length || term.charCodeAt(prefix.length) < 0x7b);
}

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
