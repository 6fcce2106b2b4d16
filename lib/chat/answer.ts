import "server-only";
import { defaultFallback, isDefaultFallback } from "@/lib/agents/defaults";
import type { AgentRow } from "@/lib/agents/queries";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { AnswerMode, MessageStatus } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import { metrics } from "@/lib/metrics/registry";
import { contentTerms, termWeights } from "@/lib/retrieval/answerable";
import { retrieve } from "@/lib/retrieval/retrieve";
import { makeRewriter, type Turn } from "@/lib/retrieval/rewrite";
import type { StoredSource } from "./conversations";
import { streamModel } from "./model-stream";
import { chooseModel } from "./models";
import { systemPrompt } from "./prompt";
import { quoteAnswer, quoteQuestion } from "./quote";
import { citedSources, type NumberedPassage, numberSources, resolveSources } from "./sources";

const log = logger("chat");

/**
 * The answer engine (CHAT-2, CHAT-3): retrieval over the agent's passages, then either a language model
 * writing from them or the built-in quoting mode; below the relevance threshold, the fallback message.
 * Events go out as they happen (sources first, then text); the outcome is what gets stored.
 */
export type ComposeEvent = { type: "sources"; sources: StoredSource[] } | { type: "delta"; text: string };

export type AnswerOutcome = {
  content: string;
  sources: StoredSource[];
  mode: AnswerMode;
  status: MessageStatus;
  model: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  firstTokenMs: number | null;
  /** errors.* key when status is failed */
  errorKey: string | null;
};

const PASSAGES = 6;
const FIRST_CHUNK_MS = 30_000;
const BETWEEN_CHUNKS_MS = 30_000;

export async function composeAnswer(
  db: Db,
  input: {
    agent: AgentRow;
    /** The agent's corpus stamp if already read (undefined: retrieval reads it). */
    corpusVersion?: number | null;
    question: string;
    history: Turn[];
    language: "en" | "vi";
    signal: AbortSignal;
    startedAt: number;
    onEvent: (event: ComposeEvent) => void;
  },
): Promise<AnswerOutcome> {
  const { agent, question, history, language, signal, onEvent } = input;
  const chosen = chooseModel(agent.model);
  // An untouched default is said in the answer's language; the owner's own words as written.
  const own = agent.fallbackMessage?.trim();
  const fallback = own && !isDefaultFallback(own) ? own : defaultFallback(language);
  let firstTokenMs: number | null = null;
  // The first words the visitor sees, whichever way the answer is made: chat_first_token_seconds.
  const emitText = (text: string, mode: AnswerMode) => {
    if (firstTokenMs === null) {
      firstTokenMs = Date.now() - input.startedAt;
      metrics().chatFirstToken.observe({ mode }, firstTokenMs / 1000);
    }
    onEvent({ type: "delta", text });
  };
  const base = { model: chosen.kind === "llm" ? chosen.id : null, inputTokens: null, outputTokens: null };

  const found = await retrieve(db, {
    agentId: agent.id,
    corpusVersion: input.corpusVersion,
    question,
    history,
    rewrite: chosen.kind === "llm" ? makeRewriter(chosen.model) : undefined,
    limit: PASSAGES,
  });
  const passages = found.answerable
    ? await resolveSources(db, agent.id, found.hits, found.corpusVersion)
    : [];
  if (passages.length === 0) {
    onEvent({ type: "sources", sources: [] });
    emitText(fallback, "fallback");
    return {
      ...base,
      content: fallback,
      sources: [],
      mode: "fallback",
      status: "complete",
      firstTokenMs,
      errorKey: null,
    };
  }

  if (chosen.kind === "builtin") {
    // Rarity among this agent's passages decides which sentence is about the question's subject.
    // Asked in the other language, the sentences are scored on the lexicon's reading in theirs.
    const scored = quoteQuestion(passages, question, found.reading);
    const weights = await termWeights(db, agent.id, contentTerms(scored.text), found.corpusVersion);
    const { content, sources } = quoteAnswer(passages, scored.text, language, weights, scored.reading);
    onEvent({ type: "sources", sources });
    emitText(content, "quote");
    return {
      ...base,
      content,
      sources,
      mode: "quote",
      status: "complete",
      firstTokenMs,
      errorKey: null,
    };
  }

  // The model sees every passage numbered; its answer is renumbered to what it cites once it is written.
  const numbered = numberSources(passages, question);
  onEvent({ type: "sources", sources: numbered.sources });
  const { LLM_TIMEOUT_SECONDS, LLM_MAX_OUTPUT_TOKENS } = config();
  const totalMs = LLM_TIMEOUT_SECONDS * 1000;
  let content = "";
  const streamed = await streamModel(
    chosen.model,
    {
      system: systemPrompt({ agent, language, passages: promptPassages(numbered.passages), fallback }),
      messages: [
        ...history.map((t) => ({ role: t.role, content: t.content })),
        { role: "user", content: question },
      ],
      maxOutputTokens: LLM_MAX_OUTPUT_TOKENS,
      temperature: 0.2,
      signal,
      timeouts: {
        totalMs,
        firstChunkMs: Math.min(FIRST_CHUNK_MS, totalMs),
        chunkMs: Math.min(BETWEEN_CHUNKS_MS, totalMs),
      },
    },
    (text) => {
      content += text;
      emitText(text, "llm");
    },
  );
  const failure = streamed.failure;
  const outcome = {
    ...base,
    inputTokens: streamed.inputTokens,
    outputTokens: streamed.outputTokens,
    firstTokenMs,
  };
  if (signal.aborted) {
    const cited = citedSources(content, numbered.sources);
    return { ...outcome, ...cited, mode: "llm", status: "aborted", errorKey: null };
  }
  if (failure) {
    const timedOut = isTimeout(failure);
    log.warn(`model ${chosen.id} failed: ${describe(failure)}`);
    return {
      ...outcome,
      ...citedSources(content, numbered.sources),
      mode: "llm",
      status: "failed",
      errorKey: timedOut ? "chat_upstream_timeout" : "chat_upstream_failed",
    };
  }
  const saidFallback = content.trim().replace(/^"|"$/g, "") === fallback;
  // Stored (and sent in `done`, which replaces what was streamed) with [n] in order of first citation and
  // only the cited sources listed.
  const cited = citedSources(content, numbered.sources);
  return {
    ...outcome,
    content: saidFallback ? content : cited.content,
    sources: saidFallback ? [] : cited.sources,
    mode: saidFallback ? "fallback" : "llm",
    status: "complete",
    errorKey: null,
  };
}

function promptPassages(passages: NumberedPassage[]) {
  return passages.map((p) => ({ n: p.n, title: p.title, heading: p.heading, content: p.content }));
}

function isTimeout(err: unknown): boolean {
  const text = describe(err).toLowerCase();
  return text.includes("timeout") || text.includes("timed out");
}

function describe(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}
