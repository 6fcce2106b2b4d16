"use client";

import { lazy, Suspense } from "react";
import type { Citations } from "./markdown";

// The markdown renderer (react-markdown, remark-gfm) is most of a chat's code: it loads after the page,
// and until then the answer shows as plain text, which is what it mostly is anyway. If it cannot load (the
// page outlived a deployment, or the network went), the text stays plain instead of failing the page.
const Markdown = lazy(() => import("./markdown").catch(() => ({ default: PlainText })));

function PlainText({ text }: { text: string; citations?: Citations }) {
  return <div className="whitespace-pre-wrap [overflow-wrap:anywhere]">{text}</div>;
}

export function LazyMarkdown({ text, citations }: { text: string; citations?: Citations }) {
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Markdown text={text} citations={citations} />
    </Suspense>
  );
}
