"use client";

import { RotateCcwIcon } from "@/components/icons/lite/rotate-ccw";
import { LiteButton } from "@/components/ui/lite-button";
import { useLiteT } from "@/lib/i18n/lite";
import type { ChatError } from "./use-chat";

/**
 * Why an answer did not come, in the visitor's language: the API's own sentence when it sent one (a limit
 * reached, a model that failed), ours when nothing came back. A limit is not a fault, so it is not red.
 */
export function AnswerError({ error, onRetry }: { error: ChatError; onRetry?: () => void }) {
  const t = useLiteT("chatUi");
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
      className={`grid gap-2 rounded-xl border px-3 py-2 text-sm ${
        limited
          ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          : "border-destructive/30 bg-destructive/5"
      }`}
    >
      <p>{text}</p>
      {limited && error.retryAfter ? (
        <p className="text-xs opacity-80">{t("retryAfter", { seconds: error.retryAfter })}</p>
      ) : null}
      {onRetry && (
        <LiteButton size="sm" variant="outline" className="justify-self-start" onClick={onRetry}>
          <RotateCcwIcon aria-hidden />
          {t("retry")}
        </LiteButton>
      )}
    </div>
  );
}
