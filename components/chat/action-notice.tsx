"use client";

import { clsx } from "clsx";
import { useEffect } from "react";

export type Notice = { text: string; failed?: boolean };

/**
 * The outcome of an answer's action (copied, rated) under the answer itself, announced to screen readers:
 * the public chat has no toaster, and a note next to the button is easier to tie to its answer than a toast
 * in a corner. It goes after a few seconds; a failure stays until the next action.
 */
export function ActionNotice({ notice, onDone }: { notice: Notice | null; onDone: () => void }) {
  useEffect(() => {
    if (!notice || notice.failed) return;
    const timer = setTimeout(onDone, 4_000);
    return () => clearTimeout(timer);
  }, [notice, onDone]);
  return (
    <p
      role="status"
      data-testid="answer-notice"
      className={clsx(
        "basis-full px-1 text-xs empty:hidden",
        notice?.failed ? "text-destructive" : "text-muted-foreground",
      )}
    >
      {notice?.text}
    </p>
  );
}
