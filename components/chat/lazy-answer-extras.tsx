"use client";

import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect } from "react";
import type { AnswerActions, SourcesList } from "./answer-extras";
import { loadChatStream } from "./use-chat";

/**
 * What only an answer needs (its sources, copy and rating, its markdown) is not in the page's first script:
 * the public chat page must paint and take a question on a phone before anything else (issue 18). The
 * chat fetches these (and the code that streams answers) on the visitor's first touch, click, key or focus,
 * so they are there before the first question is sent (usePreloadChatCode).
 */
const extras = () => import("./answer-extras");
const markdown = () => import("./markdown");

// An answer's extras that cannot load (the page outlived a deployment, the network went) are left out
// rather than failing the page.
const Nothing = (_props: object): null => null;
const Sources = lazy<ComponentType<ComponentProps<typeof SourcesList>>>(() =>
  extras().then(
    (m) => ({ default: m.SourcesList }),
    () => ({ default: Nothing }),
  ),
);
const Actions = lazy<ComponentType<ComponentProps<typeof AnswerActions>>>(() =>
  extras().then(
    (m) => ({ default: m.AnswerActions }),
    () => ({ default: Nothing }),
  ),
);

export function LazySources(props: ComponentProps<typeof SourcesList>) {
  if (props.sources.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Sources {...props} />
    </Suspense>
  );
}

export function LazyActions(props: ComponentProps<typeof AnswerActions>) {
  // The row's height is kept while it loads, so the answer does not jump.
  return (
    <Suspense fallback={<div className="h-8" data-testid="answer-actions-loading" />}>
      <Actions {...props} />
    </Suspense>
  );
}

/**
 * Fetches the chat's deferred code when the visitor first shows an intent to use the chat (a touch, a click,
 * a key, a focus), not when the page is first idle: evaluating the markdown renderer alone is a long task
 * on a phone (~110 ms under Lighthouse's 4× CPU), which at idle time fell inside the page's load and counted
 * as blocking time (issue 18). Sending a question loads what it needs anyway (use-chat awaits the stream's
 * code; an answer shows as plain text until the markdown is there), so a visitor who only reads pays nothing.
 */
export function usePreloadChatCode(): void {
  useEffect(() => {
    const events = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
    let idle = 0;
    const load = () => {
      for (const e of events) window.removeEventListener(e, load, true);
      void loadChatStream();
      void extras();
      // The renderer, the largest, in a task of its own after the small ones and the interaction's own work.
      idle =
        typeof window.requestIdleCallback === "function"
          ? window.requestIdleCallback(() => void markdown(), { timeout: 1_000 })
          : window.setTimeout(() => void markdown(), 200);
    };
    for (const e of events) window.addEventListener(e, load, { capture: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, load, true);
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
}
