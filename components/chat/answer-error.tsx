"use client";

import { RotateCcwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/ui/cn";
import type { ChatError } from "./use-chat";

/**
 * Why an answer did not come, in the visitor's language: the API's own sentence when it sent one (a limit
 * reached, a model that failed), ours when nothing came back. A limit is not a fault, so it is not red.
 */
export function AnswerError({ error, onRetry }: { error: ChatError; onRetry?: () => void }) {
  const t = useTranslations("chatUi");
  const limited = error.status === 429;
  const text =
    error.detail ||
    (error.code === "network_error"
      ? t("errors.network")
      : error.code === "stream_interrupted"
        ? t("errors.interrupted")
        : t("errors.generic"));
  return (
    <div
      role={limited ? "status" : "alert"}
      data-testid="answer-error"
      data-code={error.code}
      className={cn(
        "grid gap-2 rounded-xl border px-3 py-2 text-sm",
        limited
          ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          : "border-destructive/30 bg-destructive/5",
      )}
    >
      <p>{text}</p>
      {limited && error.retryAfter ? (
        <p className="text-xs opacity-80">{t("retryAfter", { seconds: error.retryAfter })}</p>
      ) : null}
      {onRetry && (
        <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={onRetry}>
          <RotateCcwIcon aria-hidden />
          {t("retry")}
        </Button>
      )}
    </div>
  );
}
