"use client";

import type { ComponentProps } from "react";
import { AnswerFeedback } from "./answer-feedback";
import { CopyButton } from "./copy-button";

export { SourcesList } from "./sources-list";

/** Under a stored answer: copy it, rate it. */
export function AnswerActions(props: ComponentProps<typeof AnswerFeedback>) {
  return (
    <div className="flex flex-wrap items-center gap-0.5 text-muted-foreground" data-testid="answer-actions">
      <CopyButton text={props.message.content} />
      <AnswerFeedback {...props} />
    </div>
  );
}
