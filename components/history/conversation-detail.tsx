"use client";

import { useTranslations } from "next-intl";
import { CitedAnswer } from "@/components/chat/cited-answer";
import { BotIcon } from "@/components/icons/lite/bot";
import { CircleExclamationPointIcon as CircleAlertIcon } from "@/components/icons/lite/circle-exclamation-point";
import { MessageCircleQuestionMarkIcon as MessageCircleQuestionIcon } from "@/components/icons/lite/message-circle-question-mark";
import { ThumbsDownIcon } from "@/components/icons/lite/thumbs-down";
import { ThumbsUpIcon } from "@/components/icons/lite/thumbs-up";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { useConversationMessages } from "@/lib/client/queries/history";
import { loadStateOf } from "@/lib/client/queries/load-state";

/** HIST-1: the whole exchange, read-only: questions, answers with their sources and the visitor's rating. */
export function ConversationDetail({
  conversationId,
  formatTime,
}: {
  conversationId: string;
  formatTime: (iso: string) => string;
}) {
  const t = useTranslations("history");
  const messages = useConversationMessages(conversationId);
  const loaded = loadStateOf(messages);

  if (loaded.state === "loading") {
    return <Loading label={t("detailLoading")} className="p-4" />;
  }
  if (loaded.state === "failed") {
    return (
      <LoadFailed
        message={t("detailFailed")}
        retryLabel={t("retry")}
        onRetry={() => void messages.refetch()}
        size="sm"
        className="p-4"
      />
    );
  }
  return (
    <ol className="grid gap-4 p-4" data-testid="history-messages">
      {loaded.data.map((m) =>
        m.role === "user" ? (
          <li key={m.id} className="grid justify-items-end gap-1" data-testid="history-question">
            <span className="sr-only">{t("visitor")}</span>
            <p className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-tr-sm bg-primary px-4 py-2.5 text-primary-foreground [overflow-wrap:anywhere]">
              {m.content}
            </p>
            <time dateTime={m.inserted_at} className="text-xs text-muted-foreground">
              {formatTime(m.inserted_at)}
            </time>
          </li>
        ) : (
          <li key={m.id} className="flex gap-2" data-testid="history-answer" data-mode={m.mode ?? ""}>
            <span className="mt-1 grid size-7 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
              <BotIcon className="size-4" aria-hidden />
              <span className="sr-only">{t("agent")}</span>
            </span>
            <div className="grid min-w-0 max-w-[85%] gap-1">
              <CitedAnswer content={m.content} sources={m.sources}>
                {m.status !== "complete" && (
                  <p className="flex items-center gap-1 text-xs text-destructive">
                    <CircleAlertIcon className="size-3.5" aria-hidden />
                    {t("answerFailed")}
                  </p>
                )}
                {m.mode === "fallback" && (
                  <p className="flex items-center gap-1 text-xs text-amber-700 dark:text-amber-400">
                    <MessageCircleQuestionIcon className="size-3.5" aria-hidden />
                    {t("fallbackAnswer")}
                  </p>
                )}
              </CitedAnswer>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <time dateTime={m.inserted_at}>{formatTime(m.inserted_at)}</time>
                {m.feedback && (
                  <span
                    className="inline-flex items-center gap-1"
                    data-testid="history-rating"
                    data-helpful={String(m.feedback.helpful)}
                  >
                    {m.feedback.helpful ? (
                      <ThumbsUpIcon className="size-3.5 fill-current text-primary" aria-hidden />
                    ) : (
                      <ThumbsDownIcon className="size-3.5 fill-current text-destructive" aria-hidden />
                    )}
                    {m.feedback.helpful ? t("ratedHelpful") : t("ratedUnhelpful")}
                  </span>
                )}
              </div>
              {m.feedback?.comment && (
                <blockquote className="border-l-2 pl-2 text-sm italic text-muted-foreground">
                  {m.feedback.comment}
                </blockquote>
              )}
            </div>
          </li>
        ),
      )}
    </ol>
  );
}
