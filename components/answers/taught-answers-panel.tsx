"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { MessageCircleQuestionMarkIcon } from "@/components/icons/lite/message-circle-question-mark";
import { PlusIcon } from "@/components/icons/lite/plus";
import { EmptyState } from "@/components/shell/empty-state";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { useTaughtAnswers, useTeachAnswer } from "@/lib/client/queries/answers";
import { loadStateOf } from "@/lib/client/queries/load-state";
import { TaughtAnswerForm } from "./taught-answer-form";
import { TaughtAnswerRow } from "./taught-answer-item";

/**
 * Setup → Q&A (issue 44): the answers the owner taught, given word for word when a visitor asks something
 * close to one of their questions, in either language. Before the agent exists there is nothing to show.
 */
export function TaughtAnswersPanel() {
  const t = useTranslations("answers.taught");
  const query = useTaughtAnswers();
  const loaded = loadStateOf(query);
  const teach = useTeachAnswer();
  const [adding, setAdding] = useState(false);

  if (query.error instanceof ApiClientError && query.error.status === 404) return null;

  return (
    <section className="mt-10 grid gap-4" data-testid="taught-answers" aria-labelledby="taught-answers-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="taught-answers-title" className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
        </div>
        {!adding && (
          <Button type="button" onClick={() => setAdding(true)} data-testid="taught-answer-add">
            <PlusIcon aria-hidden />
            {t("add")}
          </Button>
        )}
      </div>
      {adding && (
        <div className="rounded-lg border bg-card p-3">
          <TaughtAnswerForm
            busy={teach.isPending}
            submitLabel={t("add")}
            onCancel={() => setAdding(false)}
            onSubmit={async (draft) => {
              await teach.mutateAsync(draft);
              toast.success(t("added"));
              setAdding(false);
            }}
          />
        </div>
      )}
      {loaded.state === "failed" ? (
        <LoadFailed
          message={t("loadFailed")}
          retryLabel={t("retry")}
          onRetry={() => void query.refetch()}
          size="sm"
          className="text-sm"
        />
      ) : loaded.state === "loading" ? (
        <Loading label={t("loading")} className="text-sm" />
      ) : loaded.data.length === 0 ? (
        !adding && (
          <EmptyState icon={MessageCircleQuestionMarkIcon} title={t("emptyTitle")}>
            <p className="text-sm text-muted-foreground">{t("emptyHint")}</p>
          </EmptyState>
        )
      ) : (
        <ul className="grid gap-2" data-testid="taught-answer-list">
          {loaded.data.map((item) => (
            <TaughtAnswerRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
