import "server-only";
import type { AgentRow } from "@/lib/agents/queries";
import type { Db } from "@/lib/db/client";
import type { messages } from "@/lib/db/schema";
import { translate } from "@/lib/i18n/messages";
import { matchTaught } from "./matcher";

type Source = (typeof messages.$inferSelect)["sources"][number];

/** A taught answer as the chat gives it: the owner's words, then its one source. */
export type TaughtReply = { content: string; sources: Source[] };

const SNIPPET = 220;

/**
 * The owner's taught answer to a question close to one they taught, or null (issue 44: taught answers
 * win over documents, with or without a model). It is given word for word, cited as "Answer from {owner}"
 * in the answer's language; no model rewrites it, so what the owner wrote is what the visitor reads.
 */
export async function taughtReply(
  db: Db,
  agent: Pick<AgentRow, "id" | "name">,
  question: string,
  language: "en" | "vi",
): Promise<TaughtReply | null> {
  const found = await matchTaught(db, agent.id, question);
  if (!found) return null;
  const title = translate(language, "answers.taughtFrom", { owner: agent.name });
  const snippet = found.answer.length > SNIPPET ? `${found.answer.slice(0, SNIPPET - 1)}…` : found.answer;
  return {
    content: `${found.answer} [1]`,
    sources: [{ document_id: found.id, title, url: null, snippet, passage: found.answer }],
  };
}
