"use client";

import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { ChatView } from "@/components/chat/chat-view";
import type { ChatChannel, WidgetIdentity } from "@/lib/client/chat-types";
import { keepVisitorInFrame } from "./frame-visitor";
import type { ParentLink } from "./parent-link";

/**
 * The chat inside the widget's frame: the public chat's own view, a close button (over the page's bar) that
 * asks the embedding page to close the panel, and the visitor kept in the frame's storage.
 */
export function EmbedChat({
  agentId,
  questions,
  closeLabel,
  questionIcons,
}: {
  agentId: string;
  questions: string[];
  closeLabel: string;
  /** each suggested question's icon, drawn by the server (the frame has no room for the icon loader) */
  questionIcons?: Record<string, ReactNode>;
}) {
  const identity = useRef<WidgetIdentity | null>(null);
  const [parent, setParent] = useState<ParentLink | null>(null);
  const [toaster, setToaster] = useState<ReactNode>(null);
  const channel = useMemo<ChatChannel>(
    () => ({ kind: "public", agentId, identity: () => identity.current }),
    [agentId],
  );

  useEffect(() => {
    // At once: the first question must already carry the visitor kept in the frame's storage.
    const stop = keepVisitorInFrame();
    let link: ParentLink | null = null;
    let stopShell: (() => void) | undefined;
    let gone = false;
    // The page's messages can wait for the chat to be drawn (the loader waits for "ready").
    void import("./frame-start").then(({ connectToParent, startLiteShell }) => {
      if (gone) return;
      stopShell = startLiteShell(setToaster);
      link = connectToParent((who) => {
        identity.current = who;
      });
      if (link.origin) setParent(link);
    });
    return () => {
      gone = true;
      link?.stop();
      stopShell?.();
      stop();
    };
  }, []);

  return (
    <>
      {parent && (
        <button
          type="button"
          onClick={() => parent.post("close")}
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
        questionIcon={(q) => questionIcons?.[q]}
        onAnswered={() => parent?.post("message", { role: "assistant" })}
      />
      {toaster}
    </>
  );
}
