"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFailureToast } from "@/components/shell/failure-toast";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { useDeleteAnswer, useUpdateAnswer } from "@/lib/client/queries/answers";
import type { TaughtAnswerItem } from "@/lib/contracts/answers";
import { TaughtAnswerForm } from "./taught-answer-form";

// Loaded on first opening: Radix's dialog stays out of the page's first load.
const BusyConfirmDialog = whenFirstOpen(() =>
  import("@/components/ui/busy-confirm-dialog").then((m) => m.BusyConfirmDialog),
);

/** One taught answer: its phrasings and answer as text, edited in place, removed after asking. */
export function TaughtAnswerRow({ item }: { item: TaughtAnswerItem }) {
  const t = useTranslations("answers.taught");
  const failed = useFailureToast();
  const update = useUpdateAnswer();
  const remove = useDeleteAnswer();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(item.id);
      toast.success(t("removed"));
      setAsking(false);
    } catch (err) {
      failed(err);
    }
  };

  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3" data-testid="taught-answer" data-id={item.id}>
      {editing ? (
        <TaughtAnswerForm
          initial={item}
          busy={update.isPending}
          submitLabel={t("save")}
          onCancel={() => setEditing(false)}
          onSubmit={async (draft) => {
            await update.mutateAsync({ id: item.id, body: draft });
            toast.success(t("saved"));
            setEditing(false);
          }}
        />
      ) : (
        <>
          <div className="grid min-w-0 gap-1">
            {item.questions.map((q, i) => (
              <p
                // biome-ignore lint/suspicious/noArrayIndexKey: phrasings are shown in their stored order
                key={i}
                className={`[overflow-wrap:anywhere] ${i === 0 ? "font-medium" : "text-sm text-muted-foreground"}`}
                data-testid="taught-answer-question"
              >
                {q}
              </p>
            ))}
            <p
              className="whitespace-pre-line text-sm [overflow-wrap:anywhere]"
              data-testid="taught-answer-text"
            >
              {item.answer}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
              {t("edit")}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setAsking(true)}
              data-testid="taught-answer-remove"
            >
              {t("remove")}
            </Button>
          </div>
        </>
      )}
      <BusyConfirmDialog
        open={asking}
        onOpenChange={(open) => !open && setAsking(false)}
        title={t("removeTitle")}
        body={t("removeBody")}
        cancel={t("cancel")}
        confirm={t("remove")}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </li>
  );
}
