"use client";

import type { ReactNode } from "react";
import { useLiteT } from "@/lib/i18n/lite";

/** The owner's suggested questions as chips: one tap asks it. */
export function SuggestedQuestions({
  questions,
  icon,
  disabled,
  onPick,
}: {
  questions: string[];
  /** a question's icon, when the page shows them (the public chat page) */
  icon?: (question: string) => ReactNode;
  disabled?: boolean;
  onPick: (question: string) => void;
}) {
  const t = useLiteT("publicChat");
  if (questions.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h2 className="text-sm font-medium text-muted-foreground">{t("suggestedTitle")}</h2>
      <ul className="flex flex-wrap gap-2" data-testid="agent-questions">
        {questions.map((q) => (
          <li key={q} className="min-w-0 max-w-full">
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(q)}
              className="max-w-full rounded-full border bg-background px-3 py-1.5 touch:min-h-11 text-left text-sm transition-colors hover:bg-accent disabled:opacity-50"
            >
              {icon?.(q)}
              {q}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
