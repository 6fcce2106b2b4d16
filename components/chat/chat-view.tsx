"use client";

import { type ReactNode, useEffect, useRef } from "react";
import type { ChatChannel } from "@/lib/client/chat-types";
import { useLiteLocale } from "@/lib/i18n/lite";
import { ChatBubble } from "./chat-bubble";
import { Composer } from "./composer";
import { usePreloadChatCode } from "./lazy-answer-extras";
import { SuggestedQuestions } from "./suggested-questions";
import { type ChatItem, useChat } from "./use-chat";
import { useStickToBottom } from "./use-stick-to-bottom";

/**
 * A whole conversation (CHAT-2…5): messages, suggested questions until the first one is asked, and the
 * composer. `layout="page"` lets the page scroll with the composer pinned to the bottom of the screen (a
 * phone keeps it reachable above its keyboard); `layout="panel"` scrolls inside a box of fixed height.
 */
export function ChatView({
  channel,
  conversationId,
  initialItems,
  questions = [],
  questionIcon,
  layout = "page",
  header,
  onAnswered,
  autoFocus,
  followAtStart = false,
  fill = false,
}: {
  channel: ChatChannel;
  conversationId?: string;
  initialItems?: ChatItem[];
  questions?: string[];
  /** a suggested question's icon on its chip */
  questionIcon?: (question: string) => ReactNode;
  layout?: "page" | "panel";
  header?: ReactNode;
  onAnswered?: (conversationId: string) => void;
  autoFocus?: boolean;
  /** a conversation opened again: start at its newest message */
  followAtStart?: boolean;
  /** fill the parent's height, the composer at its bottom even before the first message (the widget) */
  fill?: boolean;
}) {
  const locale = useLiteLocale();
  const chat = useChat({ channel, locale, conversationId, initialItems, onAnswered });
  const list = useRef<HTMLOListElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const { follow } = useStickToBottom(list, layout === "panel" ? scroller : null);
  usePreloadChatCode();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (followAtStart) follow();
  }, []);

  const send = (text: string) => {
    chat.send(text);
    follow();
  };

  const body = (
    <>
      {header}
      <ol className="grid gap-4" ref={list} data-testid="chat-messages" aria-live="off">
        {chat.items.map((item) => (
          <ChatBubble
            key={item.key}
            item={item}
            channel={channel}
            busy={chat.sending}
            onRetry={() => {
              chat.retry(item.key);
              follow();
            }}
            onFeedback={(m) => chat.setFeedback(item.key, m)}
          />
        ))}
      </ol>
      {chat.items.length === 0 && (
        <SuggestedQuestions questions={questions} icon={questionIcon} disabled={chat.sending} onPick={send} />
      )}
    </>
  );

  const composer = <Composer onSend={send} onStop={chat.stop} sending={chat.sending} autoFocus={autoFocus} />;

  if (layout === "panel") {
    return (
      <div className="grid gap-3" data-testid="chat-view">
        <div ref={scroller} className="grid max-h-[28rem] min-h-40 content-start gap-4 overflow-y-auto pr-1">
          {body}
        </div>
        {composer}
      </div>
    );
  }
  return (
    <div className={fill ? "flex flex-1 flex-col gap-5" : "grid gap-5"} data-testid="chat-view">
      {body}
      <div
        className={`sticky bottom-0 -mx-1 ${fill ? "mt-auto " : ""}bg-gradient-to-t from-background via-background/95 to-transparent px-1 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]`}
      >
        {composer}
      </div>
    </div>
  );
}
