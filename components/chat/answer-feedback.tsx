"use client";

import { ThumbsDownIcon, ThumbsUpIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useOptimistic, useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import type { ChatChannel, ChatMessage } from "@/lib/client/chat-types";
import { contracts } from "@/lib/contracts/client";
import { cn } from "@/lib/ui/cn";

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
  const t = useTranslations("chatUi");
  const [busy, startSaving] = useTransition();
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState("");
  const id = useId();
  const [helpful, showHelpful] = useOptimistic(message.feedback?.helpful);

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
      toast.error(t("feedbackFailed"));
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
        toast.success(t("feedbackThanks"));
      }
    });
  };

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={cn("size-8", helpful === true && "text-primary")}
        aria-label={t("helpful")}
        aria-pressed={helpful === true}
        title={t("helpful")}
        disabled={busy}
        onClick={() => rate(true)}
      >
        <ThumbsUpIcon aria-hidden className={cn(helpful === true && "fill-current")} />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={cn("size-8", helpful === false && "text-primary")}
        aria-label={t("notHelpful")}
        aria-pressed={helpful === false}
        title={t("notHelpful")}
        disabled={busy}
        onClick={() => rate(false)}
      >
        <ThumbsDownIcon aria-hidden className={cn(helpful === false && "fill-current")} />
      </Button>
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
            <Button type="submit" size="sm" disabled={busy || comment.trim() === ""}>
              {t("commentSend")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setCommenting(false)}>
              {t("commentSkip")}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
