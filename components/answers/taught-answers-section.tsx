"use client";

import { lazy, Suspense } from "react";

// The Q&A list is Setup's last part: its code loads after the page's own (issue 18: page weight); the
// server renders it and React hydrates it when the code arrives.
const TaughtAnswersPanel = lazy(() =>
  import("./taught-answers-panel").then((m) => ({ default: m.TaughtAnswersPanel })),
);

/** Setup → Q&A, loaded after the agent's form. */
export function TaughtAnswersSection() {
  return (
    <Suspense fallback={null}>
      <TaughtAnswersPanel />
    </Suspense>
  );
}
