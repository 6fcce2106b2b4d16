"use client";

import { clsx } from "clsx";
import { useCallback, useId, useOptimistic, useState, useTransition } from "react";
import { ThumbsDownIcon } from "@/components/icons/lite/thumbs-down";
import { ThumbsUpIcon } from "@/components/icons/lite/thumbs-up";
import { LiteButton } from "@/components/ui/lite-button";
import { api } from "@/lib/client/api";
import type { ChatChannel, ChatMessage } from "@/lib/client/chat-types";
import { contracts } from "@/lib/contracts/client";
import { useLiteT } from "@/lib/i18n/lite";
import { ActionNotice, type Notice } from "./action-notice";

const MAX_COMMENT = 1000;

/**
 * Thumbs up or down on an answer, then an optional comment (CHAT-5). The thumb shows pressed at once and
 * falls back to the stored rating if the server refuses it. React's own optimistic state, not the query
 * cache: this is part of the public chat, which does not load the owner pages' data library.
 */
export function AnswerFeedback({
  channel,
  message,
  onSaved,
}: {
  channel: ChatChannel;
  message: ChatMessage;
  onSaved: (message: ChatMessage) => void;
}) {
  const t = useLiteT("chatUi");
  const [busy, startSaving] = useTransition();
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState("");
  const id = useId();
  const [helpful, showHelpful] = useOptimistic(message.feedback?.helpful);
  const [notice, setNotice] = useState<Notice | null>(null);
  const clearNotice = useCallback(() => setNotice(null), []);

  const save = async (body: { helpful: boolean; comment?: string }) => {
    try {
      const saved = await api.call(
        contracts.rateMessage,
        { params: { id: message.id }, body },
        { renew: channel.kind === "owner" },
      );
      startSaving(() => onSaved(saved));
      return true;
    } catch {
      setNotice({ text: t("feedbackFailed"), failed: true });
      return false;
    }
  };

  const rate = (value: boolean) =>
    startSaving(async () => {
      showHelpful(value);
      if (await save({ helpful: value })) {
        setCommenting(true);
        setComment("");
      }
    });

  const sendComment = () => {
    const text = comment.trim();
    if (!text || helpful === undefined) return setCommenting(false);
    startSaving(async () => {
      if (await save({ helpful, comment: text })) {
        setCommenting(false);
        setNotice({ text: t("feedbackThanks") });
      }
    });
  };

  return (
    <>
      <LiteButton
        variant="ghost"
        size="icon-sm"
        className={clsx(helpful === true && "text-primary")}
        aria-label={t("helpful")}
        aria-pressed={helpful === true}
        title={t("helpful")}
        disabled={busy}
        onClick={() => rate(true)}
      >
        <ThumbsUpIcon aria-hidden className={clsx(helpful === true && "fill-current")} />
      </LiteButton>
      <LiteButton
        variant="ghost"
        size="icon-sm"
        className={clsx(helpful === false && "text-primary")}
        aria-label={t("notHelpful")}
        aria-pressed={helpful === false}
        title={t("notHelpful")}
        disabled={busy}
        onClick={() => rate(false)}
      >
        <ThumbsDownIcon aria-hidden className={clsx(helpful === false && "fill-current")} />
      </LiteButton>
      {commenting && (
        <form
          className="grid w-full basis-full gap-2 pt-1"
          onSubmit={(e) => {
            e.preventDefault();
            sendComment();
          }}
          data-testid="feedback-comment"
        >
          <label htmlFor={id} className="text-xs text-muted-foreground">
            {helpful ? t("commentLabelHelpful") : t("commentLabelUnhelpful")}
          </label>
          <textarea
            id={id}
            rows={2}
            value={comment}
            maxLength={MAX_COMMENT}
            onChange={(e) => setComment(e.target.value)}
            className="w-full resize-y rounded-md border bg-background px-2 py-1.5 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:text-sm"
          />
          <div className="flex gap-2">
            <LiteButton type="submit" size="sm" disabled={busy || comment.trim() === ""}>
              {t("commentSend")}
            </LiteButton>
            <LiteButton size="sm" variant="ghost" onClick={() => setCommenting(false)}>
              {t("commentSkip")}
            </LiteButton>
          </div>
        </form>
      )}
      <ActionNotice notice={notice} onDone={clearNotice} />
    </>
  );
}
