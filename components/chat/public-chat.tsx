"use client";

import { useLocale } from "next-intl";
import { useMemo, useRef } from "react";
import type { ChatChannel } from "@/lib/client/chat-types";
import { ChatView } from "./chat-view";

/**
 * A visitor's new conversation with an agent (CHAT-1). Once the first answer is in, the address becomes the
 * conversation's own (/{lang}/c/{agentId}/{id}) so a reload or a shared tab comes back to it; the address
 * changes through history.replaceState, which Next.js keeps in step with its router without a remount.
 */
export function PublicChat({ agentId, questions }: { agentId: string; questions: string[] }) {
  const locale = useLocale();
  const channel = useMemo<ChatChannel>(() => ({ kind: "public", agentId }), [agentId]);
  const moved = useRef(false);
  const onAnswered = (conversationId: string) => {
    if (moved.current) return;
    moved.current = true;
    window.history.replaceState(window.history.state, "", `/${locale}/c/${agentId}/${conversationId}`);
  };
  return <ChatView channel={channel} questions={questions} onAnswered={onAnswered} />;
}
