import "server-only";
import { TtlLru } from "@/lib/cache/ttl-lru";
import type { Db } from "@/lib/db/client";
import { listTaught, taughtStamp } from "./queries";
import { keysOf, type Phrasing, readPhrasing, similarity } from "./similarity";

/**
 * The taught answer a visitor's question asks for, if any. The agent's taught questions are read once and
 * kept per agent under a stamp of the table (lib/answers/queries.ts taughtStamp): one small indexed query
 * per question tells whether they changed, on whichever process answers, and comparing against them is
 * set lookups (well under a millisecond for hundreds of phrasings).
 */

/** How close a question must be to a taught one to get its answer (similarity.ts). */
export const MATCH_AT = 0.75;

export type Taught = { id: string; answer: string; phrasings: Phrasing[] };
/** The agent's taught answers with, for each word a phrasing can be met by, the phrasings that have it. */
export type TaughtIndex = {
  taught: Taught[];
  /** Every phrasing, flat: which taught answer it is of, and its text. */
  phrasings: { of: number; phrasing: Phrasing; text: string }[];
  byKey: Map<string, number[]>;
};
export type TaughtMatch = { id: string; answer: string; question: string; score: number; order: number };

const TTL_MS = 30 * 60_000;
const cache = new TtlLru<TaughtIndex & { stamp: string }>(2_000, TTL_MS);

export function forgetTaught(agentId: string): void {
  cache.delete(agentId);
}

async function taughtOf(db: Db, agentId: string) {
  const stamp = await taughtStamp(db, agentId);
  if (stamp.startsWith("0|")) return null;
  const kept = cache.get(agentId);
  if (kept && kept.stamp === stamp) return kept;
  const rows = await listTaught(db, agentId);
  const made = {
    stamp,
    ...indexTaught(
      rows.map((r) => ({ id: r.id, answer: r.answer, phrasings: r.questions.map(readPhrasing) })),
      rows.map((r) => r.questions),
    ),
  };
  cache.set(agentId, made);
  return made;
}

export function indexTaught(taught: Taught[], texts: string[][] = []): TaughtIndex {
  const byKey = new Map<string, number[]>();
  const phrasings: TaughtIndex["phrasings"] = [];
  taught.forEach((t, i) => {
    t.phrasings.forEach((phrasing, k) => {
      const at = phrasings.length;
      phrasings.push({ of: i, phrasing, text: texts[i]?.[k] ?? "" });
      for (const key of keysOf(phrasing)) {
        const list = byKey.get(key);
        if (list) list.push(at);
        else byKey.set(key, [at]);
      }
    });
  });
  return { taught, phrasings, byKey };
}

/** The best taught answer for `question`, or null when none is close enough. */
export function bestTaught(index: TaughtIndex, question: string): TaughtMatch | null {
  const asked = readPhrasing(question);
  const seen = new Uint8Array(index.phrasings.length);
  let best: TaughtMatch | null = null;
  for (const key of keysOf(asked)) {
    for (const at of index.byKey.get(key) ?? []) {
      if (seen[at]) continue;
      seen[at] = 1;
      const { of, phrasing, text } = index.phrasings[at]!;
      const score = similarity(asked, phrasing);
      // Ties go to the newest (listed first).
      if (score >= MATCH_AT && (!best || score > best.score || (score === best.score && of < best.order))) {
        const t = index.taught[of]!;
        best = { id: t.id, answer: t.answer, question: text, score, order: of };
      }
    }
  }
  return best;
}

export async function matchTaught(db: Db, agentId: string, question: string): Promise<TaughtMatch | null> {
  const known = await taughtOf(db, agentId);
  return known ? bestTaught(known, question) : null;
}
