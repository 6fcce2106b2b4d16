import "server-only";
import { sql } from "drizzle-orm";
import { TtlLru } from "@/lib/cache/ttl-lru";
import type { Db } from "@/lib/db/client";
import { isFormOf, snapshotDf, snapshotForms, type VocabularySnapshot } from "./vocabulary-snapshot";

/** A term of at least this many letters also counts its longer forms ("hour" → "hours"), as search does. */
export const PREFIX_MIN = 4;

/**
 * How many of the agent's passages hold each term, and how many passages there are, read from the
 * agent's vocabulary (passage_terms, kept by triggers on passages): one index range per call, however
 * common the word (counting passages took ~100 ms for a word in every one of 100k). A term of PREFIX_MIN
 * letters or more counts its longer forms too, summed (a passage holding two forms counts twice, capped at
 * the number of passages). Remembered for a minute: rarity barely moves while an agent is chatting.
 */
const DF_TTL_MS = 60_000;
const DF_CACHE_MAX = 5_000;
/**
 * A prefix term's forms are listed when there are at most this many: a search then matches them as exact
 * words, which the text index intersects cheaply, instead of as a prefix, which it reads whole (issue 18:
 * four prefixes AND-ed took 5-8 ms at 100k passages, the same four words exact 0.2 ms).
 */
export const MAX_FORMS = 8;

type TermStats = { df: number; forms: string[] | null };
const dfCache = new TtlLru<TermStats>(DF_CACHE_MAX, DF_TTL_MS);

export type Vocabulary = {
  /** How many passages the agent has. */
  n: number;
  df: Map<string, number>;
  /**
   * For a term of PREFIX_MIN letters or more: the agent's words it begins (itself included, if used),
   * or null when there are more than MAX_FORMS of them. Shorter terms are not here.
   */
  forms: Map<string, string[] | null>;
};

export async function documentFrequencies(
  db: Db,
  agentId: string,
  terms: string[],
  /** The agent's vocabulary in memory (vocabulary-snapshot.ts): the same answer, without a statement. */
  snapshot?: VocabularySnapshot | null,
): Promise<Vocabulary> {
  if (snapshot) return fromSnapshot(snapshot, terms);
  // "" stands for the number of passages.
  const keys = ["", ...new Set(terms)];
  const known = new Map<string, TermStats>();
  for (const t of keys) {
    const cached = dfCache.get(`${agentId}|${t}`);
    if (cached !== undefined) known.set(t, cached);
  }
  const missing = keys.filter((t) => !known.has(t));
  if (missing.length > 0) {
    const exact = missing.filter((t) => t.length < PREFIX_MIN);
    const prefixes = missing.filter((t) => t.length >= PREFIX_MIN);
    // The term column sorts bytewise (COLLATE "C") and terms are folded letters and digits, so every
    // longer form of `t` lies in [t, t + "{"): "{" follows "z" and every digit.
    const ranges = prefixes.map((t) => sql`(term >= ${t} and term < ${`${t}{`})`);
    const result = await db.execute<{ term: string; df: number | string }>(sql`
      select term, df from passage_terms
      where agent_id = ${agentId}
        and (term = any(${sql`array[${sql.join(
          exact.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`}) ${ranges.length ? sql`or ${sql.join(ranges, sql` or `)}` : sql``})`);
    const found = result.rows.map((r) => ({ term: r.term, df: Number(r.df) }));
    const n = found.find((r) => r.term === "")?.df ?? known.get("")?.df ?? 0;
    for (const t of missing) {
      let value: TermStats;
      if (t === "") value = { df: n, forms: null };
      else if (t.length < PREFIX_MIN) value = { df: found.find((r) => r.term === t)?.df ?? 0, forms: null };
      else {
        // Only its own range's rows: another term's range can hold a longer word it begins.
        const forms = found.filter((r) => isFormOf(r.term, t));
        value = {
          df: Math.min(
            n,
            forms.reduce((sum, r) => sum + r.df, 0),
          ),
          forms: forms.length <= MAX_FORMS ? forms.map((r) => r.term) : null,
        };
      }
      known.set(t, value);
      dfCache.set(`${agentId}|${t}`, value);
    }
  }
  return {
    n: known.get("")?.df ?? 0,
    df: new Map(terms.map((t) => [t, known.get(t)?.df ?? 0])),
    forms: new Map(terms.filter((t) => t.length >= PREFIX_MIN).map((t) => [t, known.get(t)?.forms ?? null])),
  };
}

function fromSnapshot(snapshot: VocabularySnapshot, terms: string[]): Vocabulary {
  const n = snapshotDf(snapshot, "");
  const df = new Map<string, number>();
  const forms = new Map<string, string[] | null>();
  for (const t of new Set(terms)) {
    if (t.length < PREFIX_MIN) {
      df.set(t, snapshotDf(snapshot, t));
      continue;
    }
    const found = snapshotForms(snapshot, t);
    df.set(
      t,
      Math.min(
        n,
        found.reduce((sum, f) => sum + f.df, 0),
      ),
    );
    forms.set(t, found.length <= MAX_FORMS ? found.map((f) => f.term) : null);
  }
  return { n, df, forms };
}
