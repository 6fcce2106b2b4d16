import type { Db } from "@/lib/db/client";
import { openDatabase } from "@/lib/db/client";
import { retrieve } from "@/lib/retrieval/retrieve";
import { ANSWERABLE } from "@/tests/helpers/chat-quality-cases";

/**
 * Issue 18: no speed bought with recall. The chat quality questions (tests/helpers/chat-quality-cases.ts)
 * asked of one agent that holds all their documents among `bench:chat`'s filler passages: how many find
 * their expected fact in the top 5, searched as typed (no rewrite, no vectors), and how long each took.
 * bench:chat runs it on every size it seeds; alone: `tsx scripts/bench/recall.ts <database url> <agent id>`.
 */
export type Recall = { found: number; asked: number; p95Ms: number; missed: string[] };

const flat = (s: string) => s.normalize("NFC").replace(/\s+/g, " ");

export async function recallAtScale(db: Db, agentId: string): Promise<Recall> {
  const cases = ANSWERABLE.filter((c) => !c.history);
  const missed: string[] = [];
  const times: number[] = [];
  for (const c of cases) {
    const started = performance.now();
    const result = await retrieve(db, { agentId, question: c.q, embedder: null });
    times.push(performance.now() - started);
    if (!result.hits.some((h) => flat(h.content).includes(flat(c.expect)))) missed.push(c.q);
  }
  times.sort((a, b) => a - b);
  const p95Ms = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? 0;
  return { found: cases.length - missed.length, asked: cases.length, p95Ms, missed };
}

export function recallLine(r: Recall): string {
  return `recall@5 of the quality questions, as typed: ${r.found}/${r.asked}; retrieve() p95 ${r.p95Ms.toFixed(1)} ms (first asking)${r.missed.length ? `\n  missed: ${r.missed.join(" | ")}` : ""}`;
}

if (process.argv[1]?.endsWith("recall.ts")) {
  const [url, agentId] = process.argv.slice(2);
  if (!url || !agentId) {
    console.error("usage: tsx scripts/bench/recall.ts <database url> <agent id>");
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: "" });
  try {
    console.log(recallLine(await recallAtScale(database.db, agentId)));
  } finally {
    await database.close();
  }
}
