"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApiClientError } from "@/lib/client/api";
import { useSaveAgent } from "@/lib/client/queries/agent";
import type { OwnerAgent } from "@/lib/contracts/agent";
import { type AgentLanguage, agentFieldLimits } from "@/lib/shared/agent-fields";
import type { AgentKind } from "@/lib/shared/agent-kinds";
import { Field, FieldError } from "./form-field";
import { iconsOfRows, type QuestionRow, questionRows } from "./question-rows";

// The form's choices (kind, suggested questions, language, model: the radio groups' code with them) load
// their code after the page's own (issue 18: page weight): the server renders them, and React hydrates
// them when the code arrives, the text fields being usable first. Their state stays in this form.
const AgentKindChoice = lazy(() =>
  import("./agent-kind-choice").then((m) => ({ default: m.AgentKindChoice })),
);
const SuggestedQuestionsField = lazy(() =>
  import("./suggested-questions-field").then((m) => ({ default: m.SuggestedQuestionsField })),
);
const IconPicker = lazy(() => import("./icon-picker").then((m) => ({ default: m.IconPicker })));
const AgentLanguageChoice = lazy(() =>
  import("./agent-language-choice").then((m) => ({ default: m.AgentLanguageChoice })),
);
const AgentModelSelect = lazy(() =>
  import("./agent-model-select").then((m) => ({ default: m.AgentModelSelect })),
);
const AgentDailyShareSelect = lazy(() =>
  import("./agent-daily-share-select").then((m) => ({ default: m.AgentDailyShareSelect })),
);

type Errors = Record<string, string>;

/**
 * Who the agent speaks for, its name, greeting, suggested questions, instructions, fallback, answer
 * language and model (AGENT-1), and how much of the month its visitors may use a day (CHAT-8). Saves through the saveAgent contract and shows the API's field errors beside each field.
 * A save replaces the cached agent, and the parent remounts the form with it, so it always starts from
 * what is stored.
 */
export function AgentForm({
  agent,
  dailyShareDefault,
  iconHost,
}: {
  agent: OwnerAgent | null;
  /** where icons load from: ICON_HOST, or null for the app's own /icons */
  iconHost: string | null;
  /** the server's daily ceiling for agents without their own, in percent */
  dailyShareDefault: number;
}) {
  const t = useTranslations("setup.form");
  const tDefaults = useTranslations("setup.defaults");
  const locale = useLocale();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveAgent(locale);

  const [kind, setKind] = useState<AgentKind>(agent?.kind ?? "business");
  const [name, setName] = useState(agent?.name ?? "");
  const [greeting, setGreeting] = useState(agent?.greeting ?? "");
  const [questions, setQuestions] = useState<QuestionRow[]>(() =>
    questionRows(agent?.suggested_questions ?? [], agent?.suggested_question_icons),
  );
  const [icon, setIcon] = useState<string | null>(agent?.icon ?? null);
  const [instructions, setInstructions] = useState(agent?.instructions ?? "");
  const [fallback, setFallback] = useState(agent?.fallback_message ?? "");
  const [language, setLanguage] = useState<AgentLanguage>(agent?.language ?? "auto");
  const [model, setModel] = useState(agent?.model ?? "");
  const [dailyShare, setDailyShare] = useState(agent?.daily_share ? String(agent.daily_share) : "");
  const [errors, setErrors] = useState<Errors>({});
  const [focusError, setFocusError] = useState(0);

  // After a refused save, the first field with an error gets focus (and scrolls into view): the DOM has
  // the error marks only once React rendered them.
  useEffect(() => {
    if (!focusError) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  const clear = (...keys: string[]) =>
    setErrors((errs) => {
      if (!keys.some((k) => errs[k])) return errs;
      const next = { ...errs };
      for (const k of keys) delete next[k];
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    setErrors({});
    try {
      // Rows are sent as they are, blanks included, so a field error's index names the row on screen.
      await save.mutateAsync({
        name,
        kind,
        greeting,
        suggested_questions: questions.map((q) => q.value),
        icon,
        suggested_question_icons: iconsOfRows(questions),
        instructions,
        fallback_message: fallback,
        language,
        model,
        daily_share: dailyShare ? Number(dailyShare) : null,
      });
      toast.success(agent ? t("saved") : t("created"));
    } catch (err) {
      const fields = err instanceof ApiClientError ? err.fields : undefined;
      if (fields && Object.keys(fields).length > 0) {
        setErrors(fields);
        setFocusError((n) => n + 1);
      } else {
        toast.error(t("saveFailed"), { description: err instanceof ApiClientError ? err.detail : undefined });
      }
    }
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const saving = save.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{agent ? t("descriptionSaved") : t("descriptionNew")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-6" data-testid="agent-form">
          <Suspense fallback={null}>
            <AgentKindChoice
              fieldId={fieldId}
              value={kind}
              error={errors.kind}
              onChange={(v) => {
                setKind(v);
                clear("kind");
              }}
            />
          </Suspense>

          <Field id={fieldId("name")} label={t(`nameLabel.${kind}`)} hint={t("nameHint")} error={errors.name}>
            {(aria) => (
              <Input
                {...aria}
                name="name"
                value={name}
                maxLength={agentFieldLimits.name * 2}
                autoComplete="organization"
                onChange={(e) => {
                  setName(e.target.value);
                  clear("name");
                }}
              />
            )}
          </Field>

          <div className="grid gap-1.5" data-testid="agent-icon-field">
            <span className="text-sm font-medium">{t("iconLabel")}</span>
            <div className="flex items-center gap-3">
              <Suspense fallback={null}>
                <IconPicker label={t("iconAgent")} value={icon} host={iconHost} onChange={setIcon} />
              </Suspense>
              <p className="text-xs text-muted-foreground">{t("iconHint")}</p>
            </div>
            <FieldError id={fieldId("icon")} text={errors.icon} />
          </div>

          <Field
            id={fieldId("greeting")}
            label={t("greetingLabel")}
            hint={t("greetingHint")}
            error={errors.greeting}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="greeting"
                rows={2}
                value={greeting}
                placeholder={tDefaults("greeting", { name: name.trim() || "…" })}
                onChange={(e) => {
                  setGreeting(e.target.value);
                  clear("greeting");
                }}
              />
            )}
          </Field>

          <Suspense fallback={null}>
            <SuggestedQuestionsField
              fieldId={fieldId}
              rows={questions}
              setRows={setQuestions}
              iconHost={iconHost}
              errors={errors}
              clear={clear}
              dropRowErrors={() =>
                setErrors((errs) =>
                  Object.fromEntries(
                    Object.entries(errs).filter(([k]) => !k.startsWith("suggested_questions")),
                  ),
                )
              }
            />
          </Suspense>

          <Field
            id={fieldId("instructions")}
            label={t("instructionsLabel")}
            hint={t("instructionsHint")}
            error={errors.instructions}
            counter={t("counter", {
              count: instructions.length.toLocaleString(locale),
              max: agentFieldLimits.instructions.toLocaleString(locale),
            })}
            over={instructions.length > agentFieldLimits.instructions}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="instructions"
                rows={5}
                value={instructions}
                placeholder={t("instructionsPlaceholder")}
                onChange={(e) => {
                  setInstructions(e.target.value);
                  clear("instructions");
                }}
              />
            )}
          </Field>

          <Field
            id={fieldId("fallback_message")}
            label={t("fallbackLabel")}
            hint={t("fallbackHint")}
            error={errors.fallback_message}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="fallback_message"
                rows={2}
                value={fallback}
                placeholder={tDefaults("fallback")}
                onChange={(e) => {
                  setFallback(e.target.value);
                  clear("fallback_message");
                }}
              />
            )}
          </Field>

          <Suspense fallback={null}>
            <AgentLanguageChoice
              fieldId={fieldId}
              value={language}
              error={errors.language}
              onChange={(v) => {
                setLanguage(v);
                clear("language");
              }}
            />

            <AgentModelSelect
              id={fieldId("model")}
              value={model}
              error={errors.model}
              onChange={(v) => {
                setModel(v);
                clear("model");
              }}
            />

            <AgentDailyShareSelect
              id={fieldId("daily_share")}
              value={dailyShare}
              defaultShare={dailyShareDefault}
              error={errors.daily_share}
              onChange={(v) => {
                setDailyShare(v);
                clear("daily_share");
              }}
            />
          </Suspense>

          <div>
            <Button type="submit" disabled={saving}>
              {saving && <LoaderCircleIcon className="animate-spin" aria-hidden />}
              {saving ? t("saving") : agent ? t("save") : t("create")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
