"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiClientError } from "@/lib/client/api";

export type TaughtDraft = { questions: string[]; answer: string };

const QUESTION_CHARS = 500;
const ANSWER_CHARS = 5_000;

/**
 * A question (and, optionally, other ways to ask it, one a line) and its answer. The server's words, in
 * the page's language, show under the form when it refuses.
 */
export function TaughtAnswerForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: TaughtDraft;
  busy: boolean;
  submitLabel: string;
  onSubmit: (draft: TaughtDraft) => Promise<void>;
  onCancel?: () => void;
}) {
  const t = useTranslations("answers.taught");
  const [question, setQuestion] = useState(initial?.questions[0] ?? "");
  const [others, setOthers] = useState(initial?.questions.slice(1).join("\n") ?? "");
  const [answer, setAnswer] = useState(initial?.answer ?? "");
  const [error, setError] = useState<string | null>(null);
  const ids = { question: useId(), others: useId(), answer: useId(), error: useId() };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const questions = [question, ...others.split("\n")].map((q) => q.trim()).filter(Boolean);
    if (questions.length === 0 || !answer.trim()) {
      setError(t("required"));
      return;
    }
    try {
      await onSubmit({ questions, answer });
    } catch (err) {
      if (err instanceof ApiClientError) {
        const field = err.fields && Object.values(err.fields)[0];
        setError(field ? `${err.detail} ${field}` : err.detail);
      } else setError(String(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" data-testid="taught-answer-form" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.question}>{t("questionLabel")}</Label>
        <Input
          id={ids.question}
          name="question"
          value={question}
          maxLength={QUESTION_CHARS}
          onChange={(e) => setQuestion(e.target.value)}
          placeholder={t("questionPlaceholder")}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.others}>{t("othersLabel")}</Label>
        <Textarea
          id={ids.others}
          name="others"
          rows={2}
          value={others}
          onChange={(e) => setOthers(e.target.value)}
          placeholder={t("othersPlaceholder")}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.answer}>{t("answerLabel")}</Label>
        <Textarea
          id={ids.answer}
          name="answer"
          rows={4}
          value={answer}
          maxLength={ANSWER_CHARS}
          onChange={(e) => setAnswer(e.target.value)}
        />
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive" data-testid="taught-answer-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} data-testid="taught-answer-save">
          {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            {t("cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
