"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { ChatView } from "@/components/chat/chat-view";
import type { ChatChannel, WidgetIdentity } from "@/lib/client/chat-types";
import { keepVisitorInFrame } from "./frame-visitor";
import { onParentMessage, parentOrigin, postToParent } from "./parent-window";

/**
 * The chat inside the widget's frame: the public chat's own view, a close button (over the page's bar) that
 * asks the embedding page to close the panel, and the visitor kept in the frame's storage.
 */
export function EmbedChat({
  agentId,
  questions,
  closeLabel,
}: {
  agentId: string;
  questions: string[];
  closeLabel: string;
}) {
  const identity = useRef<WidgetIdentity | null>(null);
  const [parent, setParent] = useState<string | null>(null);
  const channel = useMemo<ChatChannel>(
    () => ({ kind: "public", agentId, identity: () => identity.current }),
    [agentId],
  );

  useEffect(() => {
    const stop = keepVisitorInFrame();
    const origin = parentOrigin();
    setParent(origin);
    const unlisten = onParentMessage(origin, (m) => {
      if (m.type === "identify") identity.current = identityOf(m.identity);
    });
    postToParent(origin, { type: "ready" });
    return () => {
      unlisten();
      stop();
    };
  }, []);

  return (
    <>
      {parent && (
        <button
          type="button"
          onClick={() => postToParent(parent, { type: "close" })}
          aria-label={closeLabel}
          className="fixed top-1.5 right-2 z-20 grid size-11 place-items-center rounded-full text-muted-foreground hover:bg-muted"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
      )}
      <ChatView
        fill
        channel={channel}
        questions={questions}
        onAnswered={() => postToParent(parent, { type: "message", role: "assistant" })}
      />
    </>
  );
}

function identityOf(value: unknown): WidgetIdentity | null {
  const v = value as Partial<WidgetIdentity> | null;
  if (!v || typeof v.user_id !== "string" || typeof v.user_hash !== "string") return null;
  return {
    user_id: v.user_id.slice(0, 200),
    user_hash: v.user_hash.slice(0, 128),
    ...(typeof v.name === "string" ? { name: v.name.slice(0, 100) } : {}),
  };
}
