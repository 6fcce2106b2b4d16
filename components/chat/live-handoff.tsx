"use client";

import { useEffect, useRef, useState } from "react";
import type { ChatMessage } from "@/lib/client/chat-types";
import { useLiteT } from "@/lib/i18n/lite";
import { LazyMarkdown } from "./lazy-markdown";

type State = "offered" | "waiting" | "live";

/**
 * A person in the visitor's conversation (issue 46), loaded only once one is offered or asked for (the
 * public page's 140 KB budget): the "Talk to a person" action, then the conversation's live stream and the
 * team's replies, rendered like answers. The browser's EventSource reconnects by itself with
 * Last-Event-ID, so a reply written meanwhile still comes.
 */
export default function LiveHandoff({
  conversationId,
  state,
  onState,
}: {
  conversationId: string;
  state: State;
  onState: (state: State | null) => void;
}) {
  const t = useLiteT("chatUi");
  const [line, setLine] = useState<string | null>(null);
  const [typing, setTyping] = useState<string | null>(null);
  const [replies, setReplies] = useState<ChatMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const following = state !== "offered";
  // The stream lives as long as the conversation is followed, whatever the page re-renders meanwhile.
  const latest = useRef({ t, onState });
  latest.current = { t, onState };

  useEffect(() => {
    if (!following) return;
    const url = `/api/v1/public/agent/conversation/events?conversation_id=${encodeURIComponent(conversationId)}`;
    const events = new EventSource(url);
    const t = (key: string, values?: Record<string, string>) => latest.current.t(key, values);
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const data = (e: Event) => JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>;
    const someone = (e: Event) => String(data(e).name || t("handoffSomeone"));
    events.addEventListener("waiting", () => setLine(t("handoffWaiting")));
    events.addEventListener("member_joined", (e) => {
      setLine(t("handoffJoined", { name: someone(e) }));
      latest.current.onState("live");
    });
    events.addEventListener("typing", (e) => {
      if (!(Date.now() - Date.parse(String(data(e).at ?? "")) < 5_000)) return;
      setTyping(t("handoffTyping", { name: someone(e) }));
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => setTyping(null), 5_000);
    });
    events.addEventListener("member_reply", (e) => {
      const message = data(e).message as ChatMessage;
      setTyping(null);
      setReplies((prev) => (prev.some((m) => m.id === message.id) ? prev : [...prev, message]));
    });
    events.addEventListener("released", () => {
      setLine(t("handoffBack"));
      events.close();
      latest.current.onState(null);
    });
    return () => {
      clearTimeout(typingTimer);
      events.close();
    };
  }, [following, conversationId]);

  return (
    <div className="grid gap-3">
      {replies.map((m) => (
        <div key={m.id} className="rounded-lg bg-muted px-3 py-2 text-sm">
          <LazyMarkdown text={m.content} />
        </div>
      ))}
      {state === "offered" ? (
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
      ) : null}
      {(following || line) && (
        <p className="text-muted-foreground text-sm" role="status">
          {typing ?? line ?? t("handoffWaiting")}
        </p>
      )}
    </div>
  );
}
