"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatChannel, ChatMessage, ChatSource } from "@/lib/client/chat-types";

export type ChatError = { code: string; detail: string; status: number; retryAfter?: number };

/** One bubble. `message` is what the server stored; until then the bubble holds what we know so far. */
export type ChatItem = {
  key: string;
  role: "user" | "assistant";
  content: string;
  sources: ChatSource[];
  state: "streaming" | "complete" | "failed" | "aborted";
  message?: ChatMessage;
  error?: ChatError;
  /** for an answer: the question it answers, re-posted by Retry */
  question?: string;
};

let counter = 0;
const localKey = () => `local-${++counter}`;

export function itemFromMessage(m: ChatMessage): ChatItem {
  return {
    key: m.id,
    role: m.role,
    content: m.content,
    sources: m.sources,
    state: m.status,
    message: m,
  };
}

/** Stored messages as bubbles; a failed answer remembers its question so Retry can re-post it. */
export function itemsFromMessages(messages: ChatMessage[]): ChatItem[] {
  return messages.map((m, i) => {
    const item = itemFromMessage(m);
    const before = messages[i - 1];
    if (m.role === "assistant" && before?.role === "user") item.question = before.content;
    return item;
  });
}

/**
 * The code that asks and reads the answer's stream (lib/client/chat-stream.ts) is fetched when first
 * needed, or earlier at the visitor's first touch, click, key or focus (usePreloadChatCode): the public page paints and takes a
 * question without it.
 */
export const loadChatStream = () => import("@/lib/client/chat-stream");

/**
 * Why an answer failed, from the stream's error (status, code, detail, Retry-After) or, for anything else
 * (the stream's code could not be fetched, say), a network error whose words the chat supplies.
 */
function failureOf(err: unknown): ChatError {
  const e = err as Partial<ChatError> | null;
  if (e && typeof e.code === "string" && typeof e.status === "number") {
    return { code: e.code, detail: e.detail ?? "", status: e.status, retryAfter: e.retryAfter };
  }
  return { code: "network_error", detail: "", status: 0 };
}

/**
 * A conversation's state and its sending (CHAT-2): optimistic question, answer growing with each delta,
 * replaced by the stored message at `done`; Stop aborts the request, which aborts the model upstream.
 */
export function useChat({
  channel,
  locale,
  conversationId: initialConversation,
  initialItems = [],
  onAnswered,
}: {
  channel: ChatChannel;
  locale: string;
  conversationId?: string;
  initialItems?: ChatItem[];
  /** after each exchange that reached the server, with its conversation */
  onAnswered?: (conversationId: string) => void;
}) {
  const [items, setItems] = useState<ChatItem[]>(initialItems);
  const [sending, setSending] = useState(false);
  const conversation = useRef<string | undefined>(initialConversation);
  const controller = useRef<AbortController | null>(null);
  const answeredRef = useRef(onAnswered);
  answeredRef.current = onAnswered;

  useEffect(() => () => controller.current?.abort(), []);

  const update = useCallback((key: string, change: (item: ChatItem) => ChatItem) => {
    setItems((prev) => prev.map((it) => (it.key === key ? change(it) : it)));
  }, []);

  const run = useCallback(
    async (question: string, userKey: string, answerKey: string) => {
      const abort = new AbortController();
      controller.current = abort;
      setSending(true);
      try {
        const { streamChatMessage } = await loadChatStream();
        const stored = await streamChatMessage(
          channel,
          { content: question, conversationId: conversation.current, locale },
          {
            onStart: (e) => {
              conversation.current = e.conversation_id;
              update(userKey, () => ({ ...itemFromMessage(e.question), key: userKey }));
            },
            onSources: (sources) => update(answerKey, (it) => ({ ...it, sources })),
            onDelta: (text) => update(answerKey, (it) => ({ ...it, content: it.content + text })),
          },
          abort.signal,
        );
        // A question a person answers (issue 46) has no answer bubble: their reply comes live.
        if (stored) update(answerKey, () => ({ ...itemFromMessage(stored), key: answerKey, question }));
        else setItems((prev) => prev.filter((it) => it.key !== answerKey));
      } catch (err) {
        const error = failureOf(err);
        if (error.code === "aborted" || abort.signal.aborted) {
          update(answerKey, (it) => ({ ...it, state: "aborted" }));
        } else {
          update(answerKey, (it) => ({ ...it, state: "failed", error }));
        }
      } finally {
        if (controller.current === abort) controller.current = null;
        setSending(false);
        if (conversation.current) answeredRef.current?.(conversation.current);
      }
    },
    [channel, locale, update],
  );

  const send = useCallback(
    (text: string) => {
      if (controller.current) return;
      const userKey = localKey();
      const answerKey = localKey();
      setItems((prev) => [
        ...prev,
        { key: userKey, role: "user", content: text, sources: [], state: "complete" },
        { key: answerKey, role: "assistant", content: "", sources: [], state: "streaming", question: text },
      ]);
      void run(text, userKey, answerKey);
    },
    [run],
  );

  /** Re-posts the question of a failed or stopped answer; the server replaces the failed one. */
  const retry = useCallback(
    (answerKey: string) => {
      if (controller.current) return;
      const index = items.findIndex((it) => it.key === answerKey);
      const answer = items[index];
      const user = items[index - 1];
      if (!answer?.question || user?.role !== "user") return;
      update(answerKey, (it) => ({
        ...it,
        content: "",
        sources: [],
        state: "streaming",
        error: undefined,
        message: undefined,
      }));
      void run(answer.question, user.key, answerKey);
    },
    [items, run, update],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  const setFeedback = useCallback(
    (key: string, message: ChatMessage) => update(key, (it) => ({ ...it, message })),
    [update],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    conversation.current = undefined;
    setItems([]);
  }, []);

  return {
    items,
    sending,
    send,
    retry,
    stop,
    setFeedback,
    reset,
    conversationId: () => conversation.current,
  };
}
