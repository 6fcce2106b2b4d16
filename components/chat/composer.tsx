"use client";

import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { SendHorizontalIcon } from "@/components/icons/lite/send-horizontal";
import { SquareIcon } from "@/components/icons/lite/square";
import { LiteButton } from "@/components/ui/lite-button";
import { MAX_MESSAGE_CHARS } from "@/lib/client/chat-types";
import { enterAction } from "@/lib/client/composer-keys";
import { useLiteT } from "@/lib/i18n/lite";

/** The counter shows from here on, so it only appears when it matters. */
const COUNTER_FROM = MAX_MESSAGE_CHARS - 400;

/**
 * The chat input (CHAT-6): Enter sends, Shift+Enter breaks the line, Enter that commits an IME composition
 * never sends. While an answer streams the text stays editable but cannot be sent; Stop ends the answer.
 */
export function Composer({
  onSend,
  onStop,
  sending = false,
  autoFocus = false,
  className,
}: {
  onSend: (text: string) => void;
  onStop?: () => void;
  sending?: boolean;
  autoFocus?: boolean;
  className?: string;
}) {
  const t = useLiteT("chatUi");
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  // Safari fires compositionend before the committing Enter's keydown: remember it until the next task.
  const justComposed = useRef(false);

  useEffect(() => {
    if (autoFocus) ref.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  // Grows with its text up to a few lines, then scrolls inside.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 200)}px`;
  }, [text]);

  const submit = () => {
    const content = text.trim();
    if (!content || sending || content.length > MAX_MESSAGE_CHARS) return;
    onSend(content);
    setText("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = enterAction({
      key: e.key,
      shiftKey: e.shiftKey,
      isComposing: e.nativeEvent.isComposing,
      keyCode: e.nativeEvent.keyCode,
      compositionJustEnded: justComposed.current,
    });
    if (action !== "send") return;
    e.preventDefault();
    submit();
  };

  const onCompositionEnd = () => {
    justComposed.current = true;
    setTimeout(() => {
      justComposed.current = false;
    }, 0);
  };

  const length = text.length;
  return (
    <form
      className={`flex items-end gap-2 rounded-2xl border bg-background p-2 shadow-sm ${className ?? ""}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="composer"
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={id} className="sr-only">
          {t("composerLabel")}
        </label>
        <textarea
          id={id}
          ref={ref}
          rows={1}
          value={text}
          maxLength={MAX_MESSAGE_CHARS}
          placeholder={t("placeholder")}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onCompositionEnd={onCompositionEnd}
          enterKeyHint="send"
          className="max-h-[200px] min-h-10 w-full resize-none touch:min-h-11 bg-transparent px-2 py-2 text-base outline-none placeholder:text-muted-foreground"
        />
        {length >= COUNTER_FROM && (
          <p
            className={`px-2 text-xs ${length >= MAX_MESSAGE_CHARS ? "text-destructive" : "text-muted-foreground"}`}
            aria-live="polite"
            data-testid="composer-counter"
          >
            {t("counter", { count: length, max: MAX_MESSAGE_CHARS })}
          </p>
        )}
      </div>
      {sending && onStop ? (
        <LiteButton size="icon" variant="outline" onClick={onStop} aria-label={t("stop")} title={t("stop")}>
          <SquareIcon aria-hidden className="fill-current" />
        </LiteButton>
      ) : (
        <LiteButton
          type="submit"
          size="icon"
          disabled={sending || text.trim() === ""}
          aria-label={t("send")}
          title={t("send")}
        >
          <SendHorizontalIcon aria-hidden />
        </LiteButton>
      )}
    </form>
  );
}
