import "server-only";
import { randomBytes } from "node:crypto";
import type { AgentRow } from "@/lib/agents/queries";
import { taughtReply } from "@/lib/answers/reply";
import type { Db } from "@/lib/db/client";
import type { ConversationChannel } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { shutdownSignal, streamOpened } from "@/lib/lifecycle/drain";
import type { SpentMessage } from "@/lib/limits/allowance";
import { logger } from "@/lib/logger";
import { type ChatLanguage, detectLanguage } from "@/lib/retrieval/language";
import type { Turn } from "@/lib/retrieval/rewrite";
import { type AnswerOutcome, type ComposeEvent, composeAnswer } from "./answer";
import {
  type ConversationRow,
  conversationInScope,
  deleteMessage,
  holdAllowance,
  insertMessage,
  type MessageRow,
  type NewConversation,
  recentTurns,
  type StoredSource,
  startAnsweredConversation,
  startConversation,
} from "./conversations";
import { chooseModel } from "./models";

const log = logger("chat");

/**
 * One question, end to end, for the public page and the owner's test chat alike: the conversation (found in
 * the caller's scope or started), the question stored before anything can fail, then the answer as events
 * while it is written, and the answer stored with its sources. A built-in answer to a new conversation's
 * first question is made first and stored with it in one statement (askedAtOnce). HTTP (SSE or JSON, cookies) is
 * lib/chat/transport.ts's.
 */
export type ChatScope = {
  agent: AgentRow;
  channel: ConversationChannel;
  /** The visitor (public channel); null for the owner. */
  visitorId: string | null;
  /** The owner API key asking (the `api` channel): marks the conversations it starts. */
  apiKeyId?: string | null;
  /** The agent's corpus stamp when read with the visitor's limits (lib/limits/chat.ts); else read later. */
  corpusVersion?: number | null;
  /** The message of the owner's allowance this request spent (visitors, API keys); none for the owner's test. */
  spent?: SpentMessage;
};

export type AskInput = {
  content: string;
  /** The language the asker reads: the answer's language when the agent has none and the text says little. */
  locale: ChatLanguage;
  /** "mobile", "tablet" or "desktop", kept on a conversation this question starts; null when unknown. */
  device: string | null;
  /** The conversation the question continues (see findConversation), or null to start one. */
  conversation: ConversationRow | null;
};

/** What happens to a question, in order: start, sources, deltas, then done or error (or nothing, aborted). */
export type AnswerEvent =
  | { type: "start"; messageId: string }
  | { type: "sources"; sources: StoredSource[] }
  | { type: "delta"; text: string }
  /** The stored answer; replaces what was streamed (citations renumbered). */
  | { type: "done"; message: MessageRow }
  /** The model failed; `errorKey` is under errors.* in the messages. */
  | { type: "error"; errorKey: string; messageId: string }
  /**
   * A person (issue 46): `offered` after an answer the agent could not give; `waiting` or `live` when the
   * question went to the conversation's person instead of being answered (then no start, done or error).
   */
  | { type: "handoff"; state: "offered" | "waiting" | "live" };

export type Asked = {
  conversation: ConversationRow;
  question: MessageRow;
  /**
   * The answer, composed while it is read (read it once). `signal` is the reader's: when it aborts (the
   * visitor left) the model stops and what was written is kept.
   */
  events(signal: AbortSignal): AsyncIterable<AnswerEvent>;
};

const HISTORY_TURNS = 6;
const HISTORY_CHARS = 1500;

export const newMessageId = () => `msg_${randomBytes(12).toString("base64url")}`;
export const newConversationId = () => `conv_${randomBytes(12).toString("base64url")}`;

export async function findConversation(db: Db, scope: ChatScope, id: string | null | undefined) {
  if (!id) return null;
  const found = await conversationInScope(db, {
    publicId: id,
    agentId: scope.agent.id,
    channel: scope.channel,
    visitorId: scope.visitorId,
  });
  if (!found) throw new ApiError("not_found", "conversation_not_found");
  return found;
}

export async function ask(db: Db, scope: ChatScope, input: AskInput): Promise<Asked> {
  const startedAt = Date.now();
  const { agent } = scope;
  const language = answerLanguage(agent, input);
  if (!input.conversation && chooseModel(agent.model).kind === "builtin") {
    const atOnce = await askedAtOnce(db, scope, input, language, startedAt);
    if (atOnce) return atOnce;
  }
  const { conversation, question, history } = input.conversation
    ? await continued(db, scope, input.conversation, input.content, language)
    : {
        // A conversation this question starts has no turns before it.
        ...(await startConversation(db, newConversation(scope, input, language), {
          publicId: newMessageId(),
          content: input.content,
          language,
          held: scope.spent !== undefined,
        })),
        history: [],
      };
  const answerId = newMessageId();

  async function* events(signal: AbortSignal): AsyncGenerator<AnswerEvent> {
    const closed = streamOpened();
    try {
      yield* answer(signal);
    } finally {
      closed();
    }
  }

  async function* answer(reader: AbortSignal): AsyncGenerator<AnswerEvent> {
    yield { type: "start", messageId: answerId };
    // The reader leaving, or the server ending the answers still open at shutdown (lib/lifecycle/drain.ts).
    const shutdown = shutdownSignal();
    const signal = AbortSignal.any([reader, shutdown]);
    const { emitted, outcome } = composing((onEvent) =>
      composeOrTaught(db, {
        agent,
        corpusVersion: scope.corpusVersion,
        question: input.content,
        history,
        language,
        signal,
        startedAt,
        onEvent,
      }),
    );
    yield* emitted;
    let result = await outcome;
    if (shutdown.aborted && !reader.aborted && result.status !== "complete") {
      // Cut by the shutdown, not by the reader: stored as failed, so the same question sent again (to
      // another instance) is answered again; the reader is told why.
      result = { ...result, status: "failed", errorKey: "server_restarting" };
    }
    const stored = await storeAnswer(db, scope, question, answerId, result, language);
    if (result.status === "failed") {
      yield { type: "error", errorKey: result.errorKey ?? "chat_upstream_failed", messageId: answerId };
    } else if (stored) {
      yield { type: "done", message: stored };
    }
  }

  return { conversation, question, events };
}

function answerLanguage(agent: AgentRow, input: AskInput): ChatLanguage {
  return agent.language === "en" || agent.language === "vi"
    ? agent.language
    : detectLanguage(input.content, input.locale);
}

export function newConversation(
  scope: {
    agent: Pick<AgentRow, "id">;
    channel: ConversationChannel;
    visitorId: string | null;
    apiKeyId?: string | null;
  },
  input: Pick<AskInput, "content" | "device">,
  language: string,
): NewConversation {
  return {
    publicId: newConversationId(),
    agentId: scope.agent.id,
    channel: scope.channel,
    visitorId: scope.visitorId,
    apiKeyId: scope.apiKeyId ?? null,
    title: input.content,
    language,
    device: input.device,
  };
}

/**
 * A conversation's first question answered in built-in mode: the answer is made first (milliseconds, no
 * model to wait for), then the conversation, question and answer are written in one statement. Null when
 * making it failed or did not complete: the question then goes the usual way, stored before it is answered.
 */
async function askedAtOnce(
  db: Db,
  scope: ChatScope,
  input: AskInput,
  language: ChatLanguage,
  startedAt: number,
): Promise<Asked | null> {
  const made: ComposeEvent[] = [];
  let outcome: AnswerOutcome;
  try {
    outcome = await composeOrTaught(db, {
      agent: scope.agent,
      corpusVersion: scope.corpusVersion,
      question: input.content,
      history: [],
      language,
      signal: shutdownSignal(),
      startedAt,
      onEvent: (e) => made.push(e),
    });
  } catch (err) {
    log.warn(`built-in answer failed, storing the question first: ${(err as Error).message}`);
    return null;
  }
  if (outcome.status !== "complete") return null;
  const answerId = newMessageId();
  const stored = await startAnsweredConversation(
    db,
    newConversation(scope, input, language),
    { publicId: newMessageId(), content: input.content, language },
    { ...outcome, publicId: answerId, language },
  );
  return {
    conversation: stored.conversation,
    question: stored.question,
    async *events() {
      yield { type: "start", messageId: answerId };
      yield* made;
      yield { type: "done", message: stored.answer };
    },
  };
}

/**
 * An answer the owner taught, when the question is close to one (issue 44: it wins over the documents, with
 * or without a model, and is given word for word); otherwise the engine's answer.
 */
async function composeOrTaught(db: Db, input: Parameters<typeof composeAnswer>[1]): Promise<AnswerOutcome> {
  const taught = await taughtReply(db, input.agent, input.question, input.language);
  if (!taught) return composeAnswer(db, input);
  input.onEvent({ type: "sources", sources: taught.sources });
  input.onEvent({ type: "delta", text: taught.content });
  return {
    ...taught,
    mode: "quote",
    status: "complete",
    model: null,
    inputTokens: null,
    outputTokens: null,
    firstTokenMs: Date.now() - input.startedAt,
    errorKey: null,
  };
}

/**
 * The engine's events, as it emits them, as an async iterable that ends when it returns; its outcome (or
 * its failure) is `outcome`.
 */
function composing(run: (onEvent: (e: ComposeEvent) => void) => Promise<AnswerOutcome>) {
  const queue: ComposeEvent[] = [];
  let finished = false;
  let wake: (() => void) | null = null;
  const outcome = run((e) => {
    queue.push(e);
    wake?.();
  });
  // Settled either way: a failure is rethrown by whoever awaits `outcome`.
  outcome
    .then(
      () => {},
      () => {},
    )
    .finally(() => {
      finished = true;
      wake?.();
    });
  async function* emitted(): AsyncGenerator<ComposeEvent> {
    for (;;) {
      while (queue.length > 0) yield queue.shift()!;
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  }
  return { emitted: emitted(), outcome };
}

/** The question in a conversation already there, and the turns before it. */
async function continued(
  db: Db,
  scope: ChatScope,
  conversation: ConversationRow,
  content: string,
  language: string,
) {
  const turns = await recentTurns(db, conversation.id, HISTORY_TURNS * 2 + 2);
  const asked = await questionRow(db, conversation, turns, content, language, scope.spent !== undefined);
  // Asked again: the message this request spent goes to the question, unless it holds one already.
  if (asked.again && scope.spent && (await holdAllowance(db, asked.question.id))) await scope.spent.refund();
  return { conversation, question: asked.question, history: historyBefore(turns, asked.question) };
}

/**
 * The stored question this request answers (`again`: one already stored). Re-sending the question whose
 * answer failed (or never came) answers that same question again instead of storing it twice.
 */
async function questionRow(
  db: Db,
  conversation: ConversationRow,
  turns: MessageRow[],
  content: string,
  language: string,
  held: boolean,
): Promise<{ question: MessageRow; again: boolean }> {
  const last = turns.at(-1);
  const beforeLast = turns.at(-2);
  if (last?.role === "user" && last.content === content) return { question: last, again: true };
  if (
    last?.role === "assistant" &&
    last.status !== "complete" &&
    beforeLast?.role === "user" &&
    beforeLast.content === content
  ) {
    await deleteMessage(db, last);
    turns.pop();
    return { question: beforeLast, again: true };
  }
  const question = await insertMessage(db, {
    publicId: newMessageId(),
    conversationId: conversation.id,
    agentId: conversation.agentId,
    role: "user",
    content,
    language,
    held,
  });
  return { question, again: false };
}

/** Earlier complete turns, newest last, each shortened: the model's context and the follow-up's subject. */
function historyBefore(turns: MessageRow[], question: MessageRow): Turn[] {
  return turns
    .filter((t) => t.seq < question.seq && t.status === "complete")
    .slice(-HISTORY_TURNS)
    .map((t) => ({ role: t.role, content: t.content.slice(0, HISTORY_CHARS) }));
}

/**
 * The answer, with its question's held message settled in the same statement: used by an answer written,
 * given back for a failed one; an answer written for a question that held none (another answer used it)
 * spends one more.
 */
async function storeAnswer(
  db: Db,
  scope: ChatScope,
  question: MessageRow,
  id: string,
  outcome: AnswerOutcome,
  language: string,
): Promise<MessageRow | null> {
  // A visitor who left before the first word leaves nothing to keep; the question keeps its message.
  if (outcome.status === "aborted" && !outcome.content) return null;
  const { spent } = scope;
  const stored = await insertMessage(db, {
    publicId: id,
    conversationId: question.conversationId,
    agentId: question.agentId,
    role: "assistant",
    content: outcome.content,
    language,
    sources: outcome.sources,
    mode: outcome.mode,
    status: outcome.status,
    model: outcome.model,
    inputTokens: outcome.inputTokens,
    outputTokens: outcome.outputTokens,
    firstTokenMs: outcome.firstTokenMs,
    ...(spent ? { settles: question.id } : {}),
  });
  if (spent && outcome.status === "failed" && stored.settled) await spent.refund().catch(() => {});
  if (spent && outcome.status !== "failed" && !stored.settled) await spent.spendAgain().catch(() => {});
  return stored;
}
