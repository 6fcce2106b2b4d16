"use client";

import { useEffect, useRef, useState } from "react";
import type { ChatMessage } from "@/lib/client/chat-types";
import { useLiteT } from "@/lib/i18n/lite";
import { itemFromMessage, type useChat } from "./use-chat";

/**
 * A person in the visitor's conversation (issue 46), loaded only once one is offered or asked for (the
 * public page's 140 KB budget): the "Talk to a person" action, then the conversation's live stream. The
 * browser's EventSource reconnects by itself with Last-Event-ID, so a reply written meanwhile still comes.
 */
export default function LiveHandoff({
  chat,
  follow,
}: {
  chat: ReturnType<typeof useChat>;
  follow: () => void;
}) {
  const conversationId = chat.conversationId() ?? "";
  const state = chat.handoff ?? "offered";
  const onState = chat.setHandoff;
  const onReply = (m: ChatMessage) => {
    chat.setItems((prev) => (prev.some((it) => it.key === m.id) ? prev : [...prev, itemFromMessage(m)]));
    follow();
  };
  const t = useLiteT("chatUi");
  const [line, setLine] = useState<string | null>(null);
  const [typing, setTyping] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seen = useRef(new Set<string>());
  const following = state !== "offered";
  // The stream lives as long as the conversation is followed, whatever the page re-renders meanwhile.
  const latest = useRef({ t, onState, onReply });
  latest.current = { t, onState, onReply };

  useEffect(() => {
    if (!following || !conversationId) return;
    const url = `/api/v1/public/agent/conversation/events?conversation_id=${encodeURIComponent(conversationId)}`;
    const events = new EventSource(url);
    const { t, onState, onReply } = {
      t: (key: string, values?: Record<string, string>) => latest.current.t(key, values),
      onState: (s: "live" | null) => latest.current.onState(s),
      onReply: (m: ChatMessage) => latest.current.onReply(m),
    };
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const data = (e: Event) => JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>;
    events.addEventListener("waiting", () => setLine(t("handoffWaiting")));
    events.addEventListener("member_joined", (e) => {
      setLine(t("handoffJoined", { name: String(data(e).name || t("handoffSomeone")) }));
      onState("live");
    });
    events.addEventListener("typing", (e) => {
      const at = Date.parse(String(data(e).at ?? ""));
      if (!(Date.now() - at < 5_000)) return;
      setTyping(t("handoffTyping", { name: String(data(e).name || t("handoffSomeone")) }));
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => setTyping(null), 5_000);
    });
    events.addEventListener("member_reply", (e) => {
      const message = data(e).message as ChatMessage;
      setTyping(null);
      if (seen.current.has(message.id)) return;
      seen.current.add(message.id);
      onReply(message);
    });
    events.addEventListener("released", () => {
      setLine(t("handoffBack"));
      events.close();
      onState(null);
    });
    return () => {
      clearTimeout(typingTimer);
      events.close();
    };
  }, [following, conversationId]);

  if (state === "offered") {
    return (
      <button
        type="button"
        disabled={busy}
        className="min-h-11 justify-self-start rounded-md border px-4 text-sm"
        onClick={async () => {
          setBusy(true);
          const res = await fetch("/api/v1/public/agent/conversation/handoff", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ conversation_id: conversationId }),
          }).catch(() => null);
          setBusy(false);
          if (res?.ok) onState("waiting");
          else setLine(t("handoffFailed"));
        }}
      >
        {t("handoffOffer")}
      </button>
    );
  }
  return (
    <p className="text-muted-foreground text-sm" role="status">
      {typing ?? line ?? t("handoffWaiting")}
    </p>
  );
}
