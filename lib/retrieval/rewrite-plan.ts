import "server-only";
import { type ChatTurn, carriedSubjectQuery, followUpQuery } from "./follow-up";

/**
 * Whether a question waits for a language model before it is searched (issue 42). A model's rewrite costs a
 * whole round trip (its first token and every token of the rewrite) before the visitor sees a source or a
 * word, so it is asked only when nothing built in can tell what the question is about:
 * - `as-asked`: a conversation's first question, or one that stands on its own: searched as typed, at once;
 * - `built-in`: a follow-up the built-in reading completes with the previous question ("and on Sunday?");
 * - `carried`: a follow-up that names its subject only by a pronoun ("how long does that take for one
 *   patient?") in a question long enough for the built-in reading to take it as self-contained: searched
 *   as typed and with the previous question's subject carried over; the answering model reads the
 *   conversation itself, so no rewrite is waited for.
 * A question whose own readings find nothing answerable still asks the model's rewrite afterwards
 * (lib/retrieval/retrieve.ts): that costs time only on an answer that would otherwise be the fallback.
 */
export type RewritePlan =
  | { kind: "as-asked" }
  | { kind: "built-in"; query: string }
  | { kind: "carried"; query: string };

// Words that point back at something said before, as typed (Vietnamese with its marks: folded, "no" and
// "do" would be English words). A dummy "it" ("how much does it cost to …") asks the model needlessly,
// which costs time, never an answer.
const POINTING_BACK = new Set([
  "it",
  "its",
  "itself",
  "they",
  "them",
  "their",
  "theirs",
  "these",
  "those",
  "this",
  "that",
  "he",
  "him",
  "his",
  "she",
  "her",
  "nó",
  "đó",
  "ấy",
  "này",
  "kia",
  "họ",
  "chúng",
]);

export function planRewrite(question: string, history: ChatTurn[]): RewritePlan {
  if (!history.some((t) => t.role === "user" && t.content.trim())) return { kind: "as-asked" };
  const query = followUpQuery(question, history);
  if (query) return { kind: "built-in", query };
  const carried = pointsBack(question) ? carriedSubjectQuery(question, history) : null;
  return carried ? { kind: "carried", query: carried } : { kind: "as-asked" };
}

/** The question holds a word that stands for something named earlier in the conversation. */
export function pointsBack(question: string): boolean {
  const words = question
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u);
  return words.some((w) => POINTING_BACK.has(w));
}
