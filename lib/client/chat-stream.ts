import type { DataOf } from "@/lib/contracts";
import type { ChallengeSpec } from "./challenge/pow";
import type { ChatChannel, ChatMessage, ChatSource } from "./chat-types";
import { channelRoutes } from "./chat-types";
import { ApiClientError, errorOf, readJson, sendRenewing, urlOf } from "./http";
import { createSseParser } from "./sse";

/**
 * Posts one chat message and follows the answer as it streams (CHAT-2). The owner's calls renew an expired
 * session like every other owner call; a visitor has no session, so a 401 there must never start a renewal
 * (that would sign nobody out, but it would tell the account listeners the session ended).
 */

export type ChatStreamHandlers = {
  onStart?: (e: { conversation_id: string; question: ChatMessage; message_id: string }) => void;
  onSources?: (sources: ChatSource[]) => void;
  onDelta?: (text: string) => void;
  /**
   * A person (issue 46): `offered` after an answer the agent could not give; `waiting` or `live` when the
   * question went to the conversation's person, with no answer (the call then resolves with null).
   */
  onHandoff?: (e: {
    state: "offered" | "waiting" | "live";
    conversation_id: string;
    question: ChatMessage;
  }) => void;
};

/** A failure with the API's code and its translated sentence; `messageId` when the answer was stored failed. */
export class ChatStreamError extends ApiClientError {
  constructor(
    status: number,
    code: string,
    detail: string,
    retryAfter?: number,
    readonly messageId?: string,
  ) {
    super(status, code, detail, undefined, retryAfter);
    this.name = "ChatStreamError";
  }
}

export type ChatPost = { content: string; conversationId?: string; locale?: string };

function bodyOf(channel: ChatChannel, post: ChatPost) {
  const identity = channel.kind === "public" ? channel.identity?.() : null;
  return {
    ...(channel.kind === "public" ? { agent_id: channel.agentId } : {}),
    ...(identity ? { identity } : {}),
    ...(post.conversationId ? { conversation_id: post.conversationId } : {}),
    content: post.content,
    ...(post.locale ? { locale: post.locale } : {}),
  };
}

/** The window event a handoff is announced with (detail: the state, the conversation and its question). */
export const HANDOFF_EVENT = "agentcity:handoff";

/** The same header name as lib/limits/challenge.ts; a constant here keeps the solver out of this module. */
const CHALLENGE_HEADER = "x-chat-challenge";

function challengeOf(json: unknown): ChallengeSpec | null {
  const c = (json as { error?: { challenge?: Partial<ChallengeSpec> } } | null)?.error?.challenge;
  if (!c || typeof c.challenge !== "string" || typeof c.salt !== "string") return null;
  if (typeof c.signature !== "string" || typeof c.maxnumber !== "number" || c.algorithm !== "SHA-256")
    return null;
  return c as ChallengeSpec;
}

const asChatError = (e: ApiClientError) => new ChatStreamError(e.status, e.code, e.detail, e.retryAfter);

/**
 * Resolves with the stored answer (`done`), or null when a person has the conversation; rejects with a
 * ChatStreamError (code `aborted` after a stop).
 */
export async function streamChatMessage(
  channel: ChatChannel,
  post: ChatPost,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatMessage | null> {
  const route = channelRoutes(channel).send;
  const send = async (challengeAnswer?: string) => {
    try {
      return await sendRenewing(route.method, urlOf(route), bodyOf(channel, post), {
        signal,
        headers: {
          accept: "text/event-stream",
          ...(challengeAnswer ? { [CHALLENGE_HEADER]: challengeAnswer } : {}),
        },
        renew: channel.kind === "owner",
      });
    } catch (err) {
      throw err instanceof ApiClientError ? asChatError(err) : new ChatStreamError(0, "network_error", "");
    }
  };
  // A person in the conversation (issue 46) is told to the page too: its live part (components/chat/
  // live-handoff.tsx) loads only then, and the chat's own first script stays as it was.
  const told = handlers.onHandoff;
  handlers = {
    ...handlers,
    onHandoff: (e) => {
      told?.(e);
      globalThis.dispatchEvent?.(new CustomEvent(HANDOFF_EVENT, { detail: e }));
    },
  };
  let res = await send();
  // Traffic that looks automated must prove work first (CHAT-8): solve in the background and send again,
  // once; the visitor only sees the answer arrive a moment later. The solver loads only now.
  if (!res.ok && channel.kind === "public") {
    const json = await readJson(res);
    const challenge = challengeOf(json);
    if (!challenge) throw asChatError(errorOf(res, json));
    const { solveChallenge } = await import("./challenge/solve-challenge");
    const answer = await solveChallenge(challenge);
    if (!answer || signal?.aborted) throw asChatError(errorOf(res, json));
    res = await send(answer);
  }
  if (!res.ok) throw asChatError(errorOf(res, await readJson(res)));

  // A server (or a proxy) that answered with JSON instead of a stream still gives a whole answer.
  if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    const json = (await readJson(res)) as { data?: DataOf<typeof route> } | null;
    if (!json?.data) throw new ChatStreamError(res.status, "stream_interrupted", "");
    const { message, handoff } = json.data;
    if (!message) {
      if (handoff && handoff !== "offered") handlers.onHandoff?.({ ...json.data, state: handoff });
      return null;
    }
    handlers.onStart?.({ ...json.data, message_id: message.id });
    handlers.onSources?.(message.sources);
    if (handoff === "offered") handlers.onHandoff?.({ ...json.data, state: handoff });
    return message;
  }
  return readStream(res, handlers, signal);
}

async function readStream(
  res: Response,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatMessage | null> {
  let done: ChatMessage | undefined;
  let held = false;
  let failure: ChatStreamError | undefined;
  const parser = createSseParser(({ event, data }) => {
    if (done || failure) return;
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(data);
    } catch {
      return; // not ours; the events we know are JSON
    }
    if (event === "start")
      handlers.onStart?.(payload as Parameters<NonNullable<ChatStreamHandlers["onStart"]>>[0]);
    else if (event === "sources") handlers.onSources?.((payload.sources as ChatSource[]) ?? []);
    else if (event === "delta") handlers.onDelta?.(String(payload.text ?? ""));
    else if (event === "done") done = payload.message as ChatMessage;
    else if (event === "handoff") {
      const e = payload as Parameters<NonNullable<ChatStreamHandlers["onHandoff"]>>[0];
      held = e.state !== "offered";
      handlers.onHandoff?.(e);
    } else if (event === "error") {
      const e = (payload.error ?? {}) as { status?: number; message?: string; detail?: string };
      failure = new ChatStreamError(
        e.status ?? 502,
        e.message ?? "stream_failed",
        e.detail ?? "",
        undefined,
        payload.message_id as string | undefined,
      );
    }
  });

  const reader = res.body?.getReader();
  if (!reader) throw new ChatStreamError(res.status, "stream_interrupted", "");
  try {
    while (!done && !failure) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.push(value);
    }
    parser.end();
  } catch {
    throw new ChatStreamError(0, signal?.aborted ? "aborted" : "network_error", "");
  } finally {
    // Stop reading once we have what we need; cancelling an ended stream is harmless.
    reader.cancel().catch(() => undefined);
  }
  if (failure) throw failure;
  if (done) return done;
  if (held) return null;
  throw new ChatStreamError(0, signal?.aborted ? "aborted" : "stream_interrupted", "");
}
