"use client";

import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect } from "react";
import type { AnswerActions, SourcesList } from "./answer-extras";
import { loadChatStream } from "./use-chat";

/**
 * What only an answer needs (its sources, copy and rating, its markdown) is not in the page's first script:
 * the public chat page must paint and take a question on a phone before anything else (issue 18). The
 * chat fetches these (and the code that streams answers) as soon as the browser is idle, so they are there
 * before the first question is sent.
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

/** Fetches the chat's deferred code once the page is idle (or soon, where there is no idle callback). */
export function usePreloadChatCode(): void {
  useEffect(() => {
    const load = () => {
      void loadChatStream();
      void extras();
      void markdown();
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(load, { timeout: 3_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 500);
    return () => clearTimeout(timer);
  }, []);
}
