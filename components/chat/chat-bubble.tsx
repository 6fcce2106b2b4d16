"use client";

import { BotIcon } from "@/components/icons/lite/bot";
import { RotateCcwIcon } from "@/components/icons/lite/rotate-ccw";
import { LiteButton } from "@/components/ui/lite-button";
import type { ChatChannel, ChatMessage } from "@/lib/client/chat-types";
import { useLiteT } from "@/lib/i18n/lite";
import { AnswerError } from "./answer-error";
import { LazyActions, LazySources } from "./lazy-answer-extras";
import { LazyMarkdown } from "./lazy-markdown";
import type { ChatItem } from "./use-chat";
import { useCitations } from "./use-citations";

function Typing() {
  const t = useLiteT("chatUi");
  return (
    <span className="inline-flex items-center gap-1 py-1" role="status" aria-label={t("thinking")}>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

/** One message: the visitor's on the right, the agent's on the left with sources and actions. */
export function ChatBubble({
  item,
  channel,
  busy,
  onRetry,
  onFeedback,
}: {
  item: ChatItem;
  channel: ChatChannel;
  busy: boolean;
  onRetry: () => void;
  onFeedback: (message: ChatMessage) => void;
}) {
  const t = useLiteT("chatUi");
  const citations = useCitations(item.sources.length);
  if (item.role === "user") {
    return (
      <li className="flex justify-end" data-testid="chat-question">
        <p className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-tr-sm bg-primary px-4 py-2.5 text-primary-foreground [overflow-wrap:anywhere]">
          {item.content}
        </p>
      </li>
    );
  }
  const stored = item.message?.status === "complete" ? item.message : undefined;
  const failedWithoutError = item.state === "failed" && !item.error;
  return (
    <li
      className="flex gap-2"
      data-testid="chat-answer"
      data-state={item.state}
      data-mode={item.message?.mode ?? ""}
    >
      <span className="mt-1 grid size-7 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
        <BotIcon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 max-w-[85%] gap-1">
        {(item.content || item.state === "streaming" || item.state === "aborted") && (
          <div
            className="rounded-2xl rounded-tl-sm bg-muted px-4 py-2.5"
            aria-live={item.state === "streaming" ? "polite" : undefined}
            aria-busy={item.state === "streaming"}
            data-testid="answer-text"
          >
            {item.content ? (
              <LazyMarkdown text={item.content} citations={citations} />
            ) : (
              item.state === "streaming" && <Typing />
            )}
            {item.state === "aborted" && <p className="mt-1 text-xs text-muted-foreground">{t("stopped")}</p>}
          </div>
        )}
        <LazySources sources={item.sources} prefix={citations.prefix} />
        {item.error && <AnswerError error={item.error} onRetry={busy ? undefined : onRetry} />}
        {failedWithoutError && (
          <AnswerError
            error={{ code: "failed", detail: "", status: 0 }}
            onRetry={busy ? undefined : onRetry}
          />
        )}
        {item.state === "aborted" && !busy && item.question && (
          <LiteButton size="sm" variant="ghost" className="justify-self-start" onClick={onRetry}>
            <RotateCcwIcon aria-hidden />
            {t("retry")}
          </LiteButton>
        )}
        {stored && <LazyActions channel={channel} message={stored} onSaved={onFeedback} />}
      </div>
    </li>
  );
}
