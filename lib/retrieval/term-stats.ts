import "server-only";
import { sql } from "drizzle-orm";
import { TtlLru } from "@/lib/cache/ttl-lru";
import type { Db } from "@/lib/db/client";

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
const dfCache = new TtlLru<number>(DF_CACHE_MAX, DF_TTL_MS);

export async function documentFrequencies(
  db: Db,
  agentId: string,
  terms: string[],
): Promise<{ n: number; df: Map<string, number> }> {
  // "" stands for the number of passages.
  const keys = ["", ...new Set(terms)];
  const known = new Map<string, number>();
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
    const n = found.find((r) => r.term === "")?.df ?? known.get("") ?? 0;
    for (const t of missing) {
      const value =
        t === ""
          ? n
          : t.length < PREFIX_MIN
            ? (found.find((r) => r.term === t)?.df ?? 0)
            : Math.min(
                n,
                found.filter((r) => r.term.startsWith(t)).reduce((sum, r) => sum + r.df, 0),
              );
      known.set(t, value);
      dfCache.set(`${agentId}|${t}`, value);
    }
  }
  return { n: known.get("") ?? 0, df: new Map(terms.map((t) => [t, known.get(t) ?? 0])) };
}
