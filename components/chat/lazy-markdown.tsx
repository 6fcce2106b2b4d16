"use client";

import { lazy, Suspense } from "react";
import type { Citations } from "./markdown";

// The markdown renderer (react-markdown, remark-gfm) is most of a chat's code: it loads after the page,
// and until then the answer shows as plain text, which is what it mostly is anyway.
const Markdown = lazy(() => import("./markdown"));

export function LazyMarkdown({ text, citations }: { text: string; citations?: Citations }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap [overflow-wrap:anywhere]">{text}</div>}>
      <Markdown text={text} citations={citations} />
    </Suspense>
  );
}
