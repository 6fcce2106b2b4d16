"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Field } from "@/components/agents/form-field";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApiClientError } from "@/lib/client/api";
import { useSaveAgent } from "@/lib/client/queries/agent";
import type { OwnerAgent } from "@/lib/contracts/agent";
import { type WidgetPosition, type WidgetSettings, widgetLimits } from "@/lib/shared/widget";
import { WidgetSnippet } from "./widget-snippet";

// The signed-identity card (its secret made, shown and replaced on request) is the page's last: its code
// loads after the page's own (issue 18: page weight), the server's HTML of it showing meanwhile.
const WidgetIdentityCard = lazy(() =>
  import("./widget-identity").then((m) => ({ default: m.WidgetIdentityCard })),
);
// The preview beside the form, likewise (its HTML from the server, hydrated after).
const WidgetPreview = lazy(() => import("./widget-preview").then((m) => ({ default: m.WidgetPreview })));

/**
 * Setup → Website widget (BEYOND-1): who may embed the agent, how its launcher looks, the snippet to paste,
 * a live preview of the launcher, and the identity secret.
 */
export function WidgetSettingsPanel({
  agent,
  appUrl,
  canHideBranding,
  brandingPlan,
}: {
  agent: OwnerAgent;
  appUrl: string;
  /** the owner's plan lets them leave out "Powered by" */
  canHideBranding: boolean;
  /** the name of the cheapest plan that may hide it (planName), for the note beside the disabled box */
  brandingPlan: string;
}) {
  const t = useTranslations("widgetSetup");
  const locale = useLocale();
  const save = useSaveAgent(locale);
  const [domains, setDomains] = useState(agent.allowed_domains.join("\n"));
  const [widget, setWidget] = useState<WidgetSettings>(agent.widget);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof WidgetSettings>(key: K, value: WidgetSettings[K]) =>
    setWidget((w) => ({ ...w, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        name: agent.name,
        allowed_domains: domains.split(/[\n,]+/),
        widget,
      });
      setDomains(saved.allowed_domains.join("\n"));
      setWidget(saved.widget);
      toast.success(t("saved"));
    } catch (err) {
      const fields = err instanceof ApiClientError ? err.fields : undefined;
      if (fields && Object.keys(fields).length > 0) setErrors(domainErrors(fields, domains));
      else
        toast.error(t("saveFailed"), { description: err instanceof ApiClientError ? err.detail : undefined });
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("settingsTitle")}</CardTitle>
            <CardDescription>{t("settingsDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="grid gap-5" onSubmit={submit} noValidate data-testid="widget-form">
              <Field
                id="widget-domains"
                label={t("domains")}
                hint={t("domainsHint")}
                error={errors.allowed_domains}
              >
                {(aria) => (
                  <Textarea
                    {...aria}
                    rows={3}
                    value={domains}
                    onChange={(e) => setDomains(e.target.value)}
                    placeholder="example.com&#10;*.example.com"
                    spellCheck={false}
                    autoCapitalize="none"
                    className="font-mono text-sm"
                  />
                )}
              </Field>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id="widget-color" label={t("color")} error={errors["widget.color"]}>
                  {(aria) => (
                    <div className="flex items-center gap-2">
                      <input
                        type="color"
                        aria-label={t("colorPicker")}
                        value={widget.color}
                        onChange={(e) => set("color", e.target.value)}
                        className="h-11 w-14 cursor-pointer rounded-md border bg-background p-1"
                      />
                      <Input
                        {...aria}
                        value={widget.color}
                        maxLength={7}
                        onChange={(e) => set("color", e.target.value.trim().toLowerCase())}
                        className="font-mono"
                      />
                    </div>
                  )}
                </Field>
                <fieldset className="grid gap-1.5">
                  <legend className="mb-1.5 font-medium text-sm">{t("position")}</legend>
                  <div className="flex gap-2">
                    {(["left", "right"] as WidgetPosition[]).map((side) => (
                      <label
                        key={side}
                        className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                      >
                        <input
                          type="radio"
                          name="widget-position"
                          value={side}
                          checked={widget.position === side}
                          onChange={() => set("position", side)}
                        />
                        {t(side)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </div>
              <Field
                id="widget-label"
                label={t("label")}
                hint={t("labelHint")}
                error={errors["widget.label"]}
                counter={`${(widget.label ?? "").length}/${widgetLimits.label}`}
                over={(widget.label ?? "").length > widgetLimits.label}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    value={widget.label ?? ""}
                    onChange={(e) => set("label", e.target.value || null)}
                  />
                )}
              </Field>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={widget.open_on_load}
                  onChange={(e) => set("open_on_load", e.target.checked)}
                />
                {t("openOnLoad")}
              </label>
              <label
                className={`flex min-h-11 items-center gap-3 text-sm ${canHideBranding ? "cursor-pointer" : "text-muted-foreground"}`}
              >
                <input
                  type="checkbox"
                  className="size-4"
                  disabled={!canHideBranding}
                  checked={canHideBranding && widget.hide_branding}
                  onChange={(e) => set("hide_branding", e.target.checked)}
                />
                <span>
                  {t("hideBranding")}
                  {!canHideBranding && (
                    <span className="block text-xs">{t("hideBrandingPlan", { plan: brandingPlan })}</span>
                  )}
                </span>
              </label>
              <div>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? t("saving") : t("save")}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <WidgetSnippet appUrl={appUrl} agentId={agent.id} />
        <Suspense fallback={null}>
          <WidgetIdentityCard />
        </Suspense>
      </div>
      <Suspense fallback={null}>
        <WidgetPreview widget={widget} name={agent.name} />
      </Suspense>
    </div>
  );
}

/** The API names a refused host by its position in the list it was sent; the form shows it by name. */
function domainErrors(fields: Record<string, string>, typed: string): Record<string, string> {
  const sent = typed.split(/[\n,]+/);
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const m = /^allowed_domains\.(\d+)$/.exec(key);
    if (m) out.allowed_domains ??= `${sent[Number(m[1])]?.trim() ?? ""}: ${message}`;
    else out[key] = message;
  }
  return out;
}
