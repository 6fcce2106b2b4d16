import { useTranslations } from "next-intl";
import type { Dispatch, SetStateAction } from "react";
import { MessageCircleQuestionMarkIcon } from "@/components/icons/lite/message-circle-question-mark";
import { PlusIcon } from "@/components/icons/lite/plus";
import { XIcon } from "@/components/icons/lite/x";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { agentFieldLimits } from "@/lib/shared/agent-fields";
import { FieldError } from "./form-field";
import { IconPicker } from "./icon-picker";

/** A question row; the key keeps each input's identity when rows above it are removed. */
import { type QuestionRow, questionRows } from "./question-rows";

export type { QuestionRow };

/** The questions a visitor may tap to start, one input each, up to the limit. */
export function SuggestedQuestionsField(props: {
  fieldId: (name: string) => string;
  rows: QuestionRow[];
  setRows: Dispatch<SetStateAction<QuestionRow[]>>;
  iconHost: string | null;
  errors: Record<string, string>;
  clear: (...keys: string[]) => void;
  /** Row errors are by index: after a removal they would point at the wrong rows. */
  dropRowErrors: () => void;
}) {
  const t = useTranslations("setup.form");
  const { fieldId, rows, setRows, errors } = props;
  const full = rows.length >= agentFieldLimits.suggestedQuestions;
  return (
    <fieldset className="grid gap-2" aria-describedby={`${fieldId("questions")}-hint`}>
      <legend className="mb-2 text-sm font-medium">{t("questionsLabel")}</legend>
      <p id={`${fieldId("questions")}-hint`} className="-mt-1 text-xs text-muted-foreground">
        {t("questionsHint", { max: agentFieldLimits.suggestedQuestions })}
      </p>
      <ol className="grid gap-2">
        {rows.map((row, i) => {
          const key = `suggested_questions.${i}`;
          return (
            <li key={row.key} className="grid gap-1">
              <div className="flex items-center gap-2">
                <IconPicker
                  label={t("iconQuestion", { number: i + 1 })}
                  value={row.icon}
                  host={props.iconHost}
                  fallback={<MessageCircleQuestionMarkIcon className="size-5" aria-hidden />}
                  onChange={(icon) => {
                    setRows((qs) => qs.map((q) => (q.key === row.key ? { ...q, icon } : q)));
                    props.clear("suggested_question_icons");
                  }}
                />
                <Input
                  id={fieldId(key)}
                  name="suggested_question"
                  aria-label={t("questionLabel", { number: i + 1 })}
                  aria-invalid={errors[key] ? true : undefined}
                  aria-describedby={errors[key] ? `${fieldId(key)}-error` : undefined}
                  placeholder={i === 0 ? t("questionPlaceholder") : undefined}
                  value={row.value}
                  onChange={(e) => {
                    const value = e.target.value;
                    setRows((qs) => qs.map((q) => (q.key === row.key ? { ...q, value } : q)));
                    props.clear(key, "suggested_questions");
                  }}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t("removeQuestion", { number: i + 1 })}
                  onClick={() => {
                    setRows((qs) => {
                      const rest = qs.filter((q) => q.key !== row.key);
                      return rest.length ? rest : questionRows([]);
                    });
                    props.dropRowErrors();
                  }}
                >
                  <XIcon aria-hidden />
                </Button>
              </div>
              <FieldError id={fieldId(key)} text={errors[key]} />
            </li>
          );
        })}
      </ol>
      <FieldError id={fieldId("suggested_questions")} text={errors.suggested_questions} />
      <FieldError id={fieldId("suggested_question_icons")} text={errors.suggested_question_icons} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => setRows((qs) => [...qs, ...questionRows([""])])}
        >
          <PlusIcon aria-hidden />
          {t("addQuestion")}
        </Button>
        {full && (
          <p className="text-xs text-muted-foreground">
            {t("questionsFull", { max: agentFieldLimits.suggestedQuestions })}
          </p>
        )}
      </div>
    </fieldset>
  );
}
