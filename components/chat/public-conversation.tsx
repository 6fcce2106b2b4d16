"use client";

import { useMemo } from "react";
import { useLiteShell } from "@/components/shell/lite-shell-starter";
import type { ChatChannel, ChatMessage } from "@/lib/client/chat-types";
import { ChatView } from "./chat-view";
import { itemsFromMessages } from "./use-chat";

/**
 * A visitor coming back to a conversation (CHAT-7): its messages came with the page, rendered on the
 * server from the visitor's cookie, so it shows at once; asking on continues it.
 */
export function PublicConversation({
  agentId,
  conversationId,
  messages,
}: {
  agentId: string;
  conversationId: string;
  messages: ChatMessage[];
}) {
  const channel = useMemo<ChatChannel>(() => ({ kind: "public", agentId }), [agentId]);
  const items = useMemo(() => itemsFromMessages(messages), [messages]);
  const toaster = useLiteShell();
  return (
    <>
      <ChatView channel={channel} conversationId={conversationId} initialItems={items} followAtStart />
      {toaster}
    </>
  );
}
