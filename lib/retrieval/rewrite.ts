import "server-only";
import { generateText, type LanguageModel } from "ai";

/**
 * With a language model, a question is also searched as standalone queries in both languages: a follow-up
 * ("and on Sunday?") gets its subject back, and a Vietnamese question finds English passages and the other
 * way round. The model writes queries only; its output is parsed as lines and never shown to anyone. It is
 * asked only when nothing built in will do (lib/retrieval/rewrite-plan.ts): it costs a whole round trip.
 */
const REWRITE_TIMEOUT_MS = 4_000;
const MAX_QUERIES = 3;
const MAX_QUERY_CHARS = 300;

export type Turn = { role: "user" | "assistant"; content: string };

export function makeRewriter(model: LanguageModel) {
  return async (question: string, history: Turn[], signal?: AbortSignal): Promise<string[]> => {
    const context = history
      .slice(-4)
      .map((t) => `${t.role === "user" ? "Visitor" : "Assistant"}: ${t.content.slice(0, 400)}`)
      .join("\n");
    const { text } = await generateText({
      model,
      maxRetries: 0,
      maxOutputTokens: 200,
      temperature: 0,
      abortSignal: signal,
      timeout: REWRITE_TIMEOUT_MS,
      system:
        "You turn a visitor's question into search queries for a document search engine. Reply with two lines only: line 1 the question as a standalone query in English, line 2 the same query in Vietnamese with full diacritics. Resolve follow-ups using the conversation. No numbering, no quotes, no explanations.",
      prompt: `${context ? `Conversation so far:\n${context}\n\n` : ""}Question: ${question}`,
    });
    return parseQueries(text);
  };
}

export function parseQueries(text: string): string[] {
  return text
    .split("\n")
    .map((line) =>
      line
        .replace(/^\s*(?:(?:\d+[.)]|[-*•]|line \d+:|english:|vietnamese:|tiếng việt:)\s*)+/i, "")
        .replace(/^["'“”]+|["'“”]+$/g, "")
        .trim(),
    )
    .filter((line) => line.length > 0)
    .slice(0, MAX_QUERIES)
    .map((line) => line.slice(0, MAX_QUERY_CHARS));
}
