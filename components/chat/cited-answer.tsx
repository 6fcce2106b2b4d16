"use client";

import type { ReactNode } from "react";
import type { ChatSource } from "@/lib/client/chat-types";
import { LazyMarkdown } from "./lazy-markdown";
import { SourcesList } from "./sources-list";
import { useCitations } from "./use-citations";

/** A stored answer read back (history): its text with [n] linked to its sources, notes between them. */
export function CitedAnswer({
  content,
  sources,
  children,
}: {
  content: string;
  sources: ChatSource[];
  children?: ReactNode;
}) {
  const citations = useCitations(sources.length);
  return (
    <>
      {content && (
        <div className="rounded-2xl rounded-tl-sm bg-muted px-4 py-2.5" data-testid="answer-text">
          <LazyMarkdown text={content} citations={citations} />
        </div>
      )}
      {children}
      <SourcesList sources={sources} prefix={citations.prefix} />
    </>
  );
}
