import { randomBytes } from "node:crypto";
import type { AgentRow } from "@/lib/agents/queries";
import { type Asked, ask } from "@/lib/chat/ask";
import type { ConversationRow } from "@/lib/chat/conversations";
import type { Db } from "@/lib/db/client";
import type { EvalCase } from "./cases";
import { type Answer, type CaseResult, scoreAnswer } from "./score";

/**
 * Asking as a visitor does: lib/chat/ask.ts ask() on the public channel (the call behind the public chat
 * route, after its limits), in a conversation of its own per case. A follow-up's earlier questions are asked
 * first in that conversation, so its history holds the engine's own answers. The visitor's page language is
 * the question's. Only the last question is timed: from the call to the stored answer's `done` event.
 */
export async function askAsVisitor(
  db: Db,
  agent: AgentRow,
  c: Pick<EvalCase<string>, "q" | "lang" | "history">,
): Promise<{ answer: Answer; ms: number }> {
  const scope = { agent, channel: "public" as const, visitorId: `eval_${randomBytes(6).toString("hex")}` };
  const locale = c.lang.startsWith("en") ? ("en" as const) : ("vi" as const);
  let conversation: ConversationRow | null = null;
  for (const earlier of c.history ?? []) {
    const asked = await ask(db, scope, { content: earlier, locale, device: "desktop", conversation });
    await answerOf(asked);
    conversation = asked.conversation;
  }
  const started = performance.now();
  const asked = await ask(db, scope, { content: c.q, locale, device: "desktop", conversation });
  const answer = await answerOf(asked);
  return { answer, ms: performance.now() - started };
}

async function answerOf(asked: Asked): Promise<Answer> {
  for await (const e of asked.events(new AbortController().signal)) {
    if (e.type === "done") return { content: e.message.content, mode: e.message.mode ?? "?" };
    if (e.type === "error") throw new Error(`the engine failed: ${e.errorKey}`);
  }
  throw new Error("the engine ended without an answer");
}

/** Every case asked of its agent, in order, and scored. */
export async function evaluate<K extends string>(
  db: Db,
  agents: Record<K, AgentRow>,
  cases: EvalCase<K>[],
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const { answer, ms } = await askAsVisitor(db, agents[c.agent], c);
    results.push({ c, answer, ms, score: scoreAnswer(c, answer) });
  }
  return results;
}
