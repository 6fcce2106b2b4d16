"use client";

import type { ChatChannel, ChatMessage } from "@/lib/client/chat-types";
import { AnswerFeedback } from "./answer-feedback";
import { CopyButton } from "./copy-button";

export { SourcesList } from "./sources-list";

/** Under a stored answer: copy it, rate it. */
export function AnswerActions({
  channel,
  message,
  onSaved,
}: {
  channel: ChatChannel;
  message: ChatMessage;
  onSaved: (message: ChatMessage) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-0.5 text-muted-foreground" data-testid="answer-actions">
      <CopyButton text={message.content} />
      <AnswerFeedback channel={channel} message={message} onSaved={onSaved} />
    </div>
  );
}
