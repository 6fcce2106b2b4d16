"use client";

import { LoaderCircleIcon, PlusIcon, XIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { ApiClientError, api } from "@/lib/client/api";
import {
  type AgentLanguage,
  agentFieldLimits,
  agentKindChoices,
  agentLanguages,
} from "@/lib/shared/agent-fields";
import type { AgentKind } from "@/lib/shared/agent-kinds";
import type { OwnerAgent } from "@/lib/shared/agent-views";

type Row = { key: number; value: string };
type Errors = Record<string, string>;

let nextKey = 0;
const rowsOf = (questions: string[]): Row[] =>
  (questions.length ? questions : [""]).map((value) => ({ key: nextKey++, value }));

/**
 * Who the agent speaks for, its name, greeting, suggested questions, instructions, fallback and answer
 * language (AGENT-1). Saves through POST /api/v1/agent and shows the API's field errors beside each field.
 * The parent remounts it after a save, so it always starts from what is stored.
 */
export function AgentForm({
  agent,
  onSaved,
}: {
  agent: OwnerAgent | null;
  onSaved: (agent: OwnerAgent) => void;
}) {
  const t = useTranslations("setup.form");
  const tDefaults = useTranslations("setup.defaults");
  const locale = useLocale();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const [kind, setKind] = useState<AgentKind>(agent?.kind ?? "business");
  const [name, setName] = useState(agent?.name ?? "");
  const [greeting, setGreeting] = useState(agent?.greeting ?? "");
  const [questions, setQuestions] = useState<Row[]>(() => rowsOf(agent?.suggested_questions ?? []));
  const [instructions, setInstructions] = useState(agent?.instructions ?? "");
  const [fallback, setFallback] = useState(agent?.fallback_message ?? "");
  const [language, setLanguage] = useState<AgentLanguage>(agent?.language ?? "auto");
  const [model, setModel] = useState(agent?.model ?? "");
  const models = useModels();
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [focusError, setFocusError] = useState(0);

  // After a refused save, the first field with an error gets focus (and scrolls into view).
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
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      // Rows are sent as they are, blanks included, so a field error's index names the row on screen.
      const saved = await api.post<OwnerAgent>(`/api/v1/agent?locale=${locale}`, {
        name,
        kind,
        greeting,
        suggested_questions: questions.map((q) => q.value),
        instructions,
        fallback_message: fallback,
        language,
        model,
      });
      toast.success(agent ? t("saved") : t("created"));
      onSaved(saved);
    } catch (err) {
      const fields = err instanceof ApiClientError ? err.fields : undefined;
      if (fields && Object.keys(fields).length > 0) {
        setErrors(fields);
        setFocusError((n) => n + 1);
      } else {
        toast.error(t("saveFailed"), { description: err instanceof ApiClientError ? err.detail : undefined });
      }
    } finally {
      setSaving(false);
    }
  };

  const described = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(" ") || undefined;
  const fieldId = (name: string) => `${id}-${name}`;

  const errorText = (key: string) =>
    errors[key] ? (
      <p id={`${fieldId(key)}-error`} role="alert" className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;

  const full = questions.length >= agentFieldLimits.suggestedQuestions;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{agent ? t("descriptionSaved") : t("descriptionNew")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-6" data-testid="agent-form">
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">{t("kindLegend")}</legend>
            <RadioGroup
              value={kind}
              onValueChange={(v) => {
                setKind(v as AgentKind);
                clear("kind");
              }}
              aria-invalid={errors.kind ? true : undefined}
              aria-describedby={described(errors.kind && `${fieldId("kind")}-error`)}
              className="sm:grid-cols-3"
            >
              {agentKindChoices.map((k) => (
                <Label
                  key={k}
                  htmlFor={fieldId(`kind-${k}`)}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
                >
                  <RadioGroupItem
                    id={fieldId(`kind-${k}`)}
                    value={k}
                    className="mt-0.5"
                    aria-describedby={fieldId(`kind-${k}-body`)}
                  />
                  <span className="grid gap-1">
                    <span className="font-medium">{t(`kinds.${k}.title`)}</span>
                    <span id={fieldId(`kind-${k}-body`)} className="text-xs text-muted-foreground">
                      {t(`kinds.${k}.body`)}
                    </span>
                  </span>
                </Label>
              ))}
            </RadioGroup>
            {errorText("kind")}
          </fieldset>

          <Field
            id={fieldId("name")}
            label={t(`nameLabel.${kind}`)}
            hint={t("nameHint")}
            error={errorText("name")}
            hasError={!!errors.name}
          >
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

          <Field
            id={fieldId("greeting")}
            label={t("greetingLabel")}
            hint={t("greetingHint")}
            error={errorText("greeting")}
            hasError={!!errors.greeting}
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

          <fieldset className="grid gap-2" aria-describedby={`${fieldId("questions")}-hint`}>
            <legend className="mb-2 text-sm font-medium">{t("questionsLabel")}</legend>
            <p id={`${fieldId("questions")}-hint`} className="-mt-1 text-xs text-muted-foreground">
              {t("questionsHint", { max: agentFieldLimits.suggestedQuestions })}
            </p>
            <ol className="grid gap-2">
              {questions.map((row, i) => {
                const key = `suggested_questions.${i}`;
                return (
                  <li key={row.key} className="grid gap-1">
                    <div className="flex items-center gap-2">
                      <Input
                        id={fieldId(key)}
                        name="suggested_question"
                        aria-label={t("questionLabel", { number: i + 1 })}
                        aria-invalid={errors[key] ? true : undefined}
                        aria-describedby={described(errors[key] && `${fieldId(key)}-error`)}
                        placeholder={i === 0 ? t("questionPlaceholder") : undefined}
                        value={row.value}
                        onChange={(e) => {
                          const value = e.target.value;
                          setQuestions((qs) => qs.map((q) => (q.key === row.key ? { ...q, value } : q)));
                          clear(key, "suggested_questions");
                        }}
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={t("removeQuestion", { number: i + 1 })}
                        onClick={() => {
                          // Row errors are by index: after a removal they would point at the wrong rows.
                          setQuestions((qs) => {
                            const rest = qs.filter((q) => q.key !== row.key);
                            return rest.length ? rest : rowsOf([]);
                          });
                          setErrors((errs) =>
                            Object.fromEntries(
                              Object.entries(errs).filter(([k]) => !k.startsWith("suggested_questions")),
                            ),
                          );
                        }}
                      >
                        <XIcon aria-hidden />
                      </Button>
                    </div>
                    {errorText(key)}
                  </li>
                );
              })}
            </ol>
            {errorText("suggested_questions")}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={full}
                onClick={() => setQuestions((qs) => [...qs, ...rowsOf([""])])}
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

          <Field
            id={fieldId("instructions")}
            label={t("instructionsLabel")}
            hint={t("instructionsHint")}
            error={errorText("instructions")}
            hasError={!!errors.instructions}
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
            error={errorText("fallback_message")}
            hasError={!!errors.fallback_message}
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

          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">{t("languageLegend")}</legend>
            <RadioGroup
              value={language}
              onValueChange={(v) => {
                setLanguage(v as AgentLanguage);
                clear("language");
              }}
              aria-invalid={errors.language ? true : undefined}
              className="flex flex-wrap gap-x-6 gap-y-2"
            >
              {agentLanguages.map((l) => (
                <div key={l} className="flex items-center gap-2">
                  <RadioGroupItem id={fieldId(`language-${l}`)} value={l} />
                  <Label htmlFor={fieldId(`language-${l}`)} className="font-normal">
                    {t(`languages.${l}`)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            {errorText("language")}
          </fieldset>

          {models && (
            <Field
              id={fieldId("model")}
              label={t("modelLabel")}
              hint={t("modelHint")}
              error={errorText("model")}
              hasError={!!errors.model}
            >
              {(aria) => (
                <select
                  {...aria}
                  name="model"
                  value={model}
                  onChange={(e) => {
                    setModel(e.target.value);
                    clear("model");
                  }}
                  className="h-9 w-full min-w-0 max-w-full truncate rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 touch:h-11 touch:text-base sm:max-w-md"
                >
                  <option value="">
                    {t("modelDefault", {
                      name: modelName(
                        models.find((m) => m.default),
                        t("modelBuiltin"),
                      ),
                    })}
                  </option>
                  {/* A stored model no longer configured stays visible, so saving does not silently change it. */}
                  {model && !models.some((m) => m.id === model) && <option value={model}>{model}</option>}
                  {models.map((m) => (
                    <option key={m.id} value={m.id}>
                      {modelName(m, t("modelBuiltin"))}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}

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

type ModelInfo = { id: string; name: string; provider: string; default: boolean };

/** The models this server offers (CHAT-3); null until loaded or when the list cannot be read. */
function useModels(): ModelInfo[] | null {
  const [models, setModels] = useState<ModelInfo[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<ModelInfo[]>("/api/v1/models", { signal: controller.signal })
      .then(setModels)
      .catch(() => setModels(null));
    return () => controller.abort();
  }, []);
  return models;
}

const modelName = (m: ModelInfo | undefined, builtin: string) =>
  !m ? "" : m.provider === "builtin" ? builtin : m.name;

type Aria = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** A labelled control with its hint, optional counter and error, wired for screen readers. */
function Field(props: {
  id: string;
  label: string;
  hint?: string;
  error: ReactNode;
  hasError: boolean;
  counter?: string;
  over?: boolean;
  children: (aria: Aria) => ReactNode;
}) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={props.id}>{props.label}</Label>
        {props.counter && (
          <span
            className={`text-xs tabular-nums ${props.over ? "text-destructive" : "text-muted-foreground"}`}
          >
            {props.counter}
          </span>
        )}
      </div>
      {props.children({
        id: props.id,
        "aria-invalid": props.hasError ? true : undefined,
        "aria-describedby":
          [props.hint ? hintId : "", props.hasError ? errorId : ""].filter(Boolean).join(" ") || undefined,
      })}
      {props.hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      )}
      {props.error}
    </div>
  );
}
