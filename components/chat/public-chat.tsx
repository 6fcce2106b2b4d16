"use client";

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useLiteShell } from "@/components/shell/lite-shell-starter";
import type { ChatChannel } from "@/lib/client/chat-types";
import { useLiteLocale } from "@/lib/i18n/lite";
import { ChatView } from "./chat-view";

/** Suggested questions' icons (by question) and the host they load from (null: the app's own). */
export type QuestionIcons = { byQuestion: Record<string, string>; host: string | null };

// Icons load their code (loader, sanitizer) with the first chip that has one: the page's 140 KB budget.
const QuestionIcon = lazy(() => import("./question-icon"));
// A person in the conversation (issue 46): its code loads once one is offered or awaited.
const LiveHandoff = lazy(() => import("./live-handoff"));
type Handoff = { state: "offered" | "waiting" | "live"; conversation_id: string };

/**
 * A visitor's new conversation with an agent (CHAT-1). Once the first answer is in, the address becomes the
 * conversation's own (/{lang}/c/{agentId}/{id}) so a reload or a shared tab comes back to it; the address
 * changes through history.replaceState, which Next.js keeps in step with its router without a remount.
 */
export function PublicChat({
  agentId,
  questions,
  questionIcons,
}: {
  agentId: string;
  questions: string[];
  questionIcons?: QuestionIcons;
}) {
  const locale = useLiteLocale();
  const channel = useMemo<ChatChannel>(() => ({ kind: "public", agentId }), [agentId]);
  const moved = useRef(false);
  const toaster = useLiteShell();
  const [handoff, setHandoff] = useState<Handoff | null>(null);
  useEffect(() => {
    const heard = (e: Event) => setHandoff((e as CustomEvent<Handoff>).detail);
    addEventListener("agentcity:handoff", heard);
    return () => removeEventListener("agentcity:handoff", heard);
  }, []);
  const onAnswered = (conversationId: string) => {
    if (moved.current) return;
    moved.current = true;
    window.history.replaceState(window.history.state, "", `/${locale}/c/${agentId}/${conversationId}`);
    // The language link (drawn on the server, components/shell/language-link.tsx) follows the address.
    const link = document.querySelector<HTMLAnchorElement>("a[data-language-link]");
    if (link) link.href = `/${link.hreflang}/c/${agentId}/${conversationId}`;
  };
  return (
    <>
      <ChatView
        channel={channel}
        questions={questions}
        questionIcon={(q) => {
          const name = questionIcons?.byQuestion[q];
          return (
            name && (
              <Suspense>
                <QuestionIcon name={name} host={questionIcons.host} />
              </Suspense>
            )
          );
        }}
        onAnswered={onAnswered}
      />
      {handoff && (
        <Suspense>
          <LiveHandoff
            conversationId={handoff.conversation_id}
            state={handoff.state}
            onState={(state) => setHandoff(state && { ...handoff, state })}
          />
        </Suspense>
      )}
      {toaster}
    </>
  );
}
