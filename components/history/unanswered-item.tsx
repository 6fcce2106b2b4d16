import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { CheckIcon } from "@/components/icons/lite/check";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { PlusIcon } from "@/components/icons/lite/plus";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { useTeachAnswer } from "@/lib/client/queries/answers";
import type { UnansweredQuestion } from "@/lib/contracts/history";

/** One question the agent could not answer, with a form to teach it the answer (a taught answer). */
export function UnansweredItem({
  item,
  added,
  onAdded,
  formatTime,
}: {
  item: UnansweredQuestion;
  added: boolean;
  onAdded: () => void;
  formatTime: (iso: string) => string;
}) {
  const t = useTranslations("history.insight");
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState("");
  const add = useTeachAnswer();
  const busy = add.isPending;
  const id = useId();

  const submit = async () => {
    const text = answer.trim();
    if (!text) return;
    try {
      // A taught answer (issue 44): this question, and ones close to it, get the owner's words from now on.
      await add.mutateAsync({ question: item.question.trim().slice(0, 500), answer: text });
      toast.success(t("addedToast"));
      setOpen(false);
      onAdded();
    } catch (err) {
      toast.error(err instanceof ApiClientError && err.detail ? err.detail : t("addFailed"));
    }
  };

  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3" data-testid="unanswered-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium [overflow-wrap:anywhere]" data-testid="unanswered-question">
            {item.question}
          </p>
          <p className="text-xs text-muted-foreground">
            {t("asked", { count: item.count, date: formatTime(item.last_asked_at) })}
          </p>
        </div>
        {added ? (
          <span
            className="inline-flex items-center gap-1 text-sm text-primary"
            data-testid="unanswered-added"
          >
            <CheckIcon className="size-4" aria-hidden />
            {t("added")}
          </span>
        ) : (
          !open && (
            <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
              <PlusIcon aria-hidden />
              {t("addAnswer")}
            </Button>
          )
        )}
      </div>
      {open && !added && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="unanswered-form"
        >
          <label htmlFor={id} className="text-sm">
            {t("answerLabel", { question: item.question })}
          </label>
          <textarea
            id={id}
            rows={3}
            value={answer}
            required
            // biome-ignore lint/a11y/noAutofocus: the form opens on the owner's click, to type right away
            autoFocus
            onChange={(e) => setAnswer(e.target.value)}
            className="w-full resize-y rounded-md border bg-background px-3 py-2 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:text-sm"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={busy || !answer.trim()}>
              {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
              {t("save")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
