import "server-only";
import { TtlLru } from "@/lib/cache/ttl-lru";
import type { Db } from "@/lib/db/client";
import { listTaught, taughtStamp } from "./queries";
import { type Phrasing, readPhrasing, similarity } from "./similarity";

/**
 * The taught answer a visitor's question asks for, if any. The agent's taught questions are read once and
 * kept per agent under a stamp of the table (lib/answers/queries.ts taughtStamp): one small indexed query
 * per question tells whether they changed, on whichever process answers, and comparing against them is
 * set lookups (well under a millisecond for hundreds of phrasings).
 */

/** How close a question must be to a taught one to get its answer (similarity.ts). */
export const MATCH_AT = 0.75;

export type Taught = { id: string; answer: string; phrasings: Phrasing[] };
export type TaughtMatch = { id: string; answer: string; question: string; score: number };

const TTL_MS = 30 * 60_000;
const cache = new TtlLru<{ stamp: string; taught: Taught[]; texts: string[][] }>(2_000, TTL_MS);

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
    taught: rows.map((r) => ({ id: r.id, answer: r.answer, phrasings: r.questions.map(readPhrasing) })),
    texts: rows.map((r) => r.questions),
  };
  cache.set(agentId, made);
  return made;
}

/** The best taught answer for `question` among `taught`, or null when none is close enough. */
export function bestTaught(taught: Taught[], question: string, texts?: string[][]): TaughtMatch | null {
  const asked = readPhrasing(question);
  let best: TaughtMatch | null = null;
  taught.forEach((t, i) => {
    t.phrasings.forEach((p, k) => {
      const score = similarity(asked, p);
      if (score >= MATCH_AT && (!best || score > best.score))
        best = { id: t.id, answer: t.answer, question: texts?.[i]?.[k] ?? "", score };
    });
  });
  return best;
}

export async function matchTaught(db: Db, agentId: string, question: string): Promise<TaughtMatch | null> {
  const known = await taughtOf(db, agentId);
  return known ? bestTaught(known.taught, question, known.texts) : null;
}
