"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiClientError, api } from "@/lib/client/api";
import { contracts } from "@/lib/contracts/client";

/**
 * Deleting an agent takes its documents, files, conversations and widget with it: the owner types its name
 * first, as the API asks, and the button stays off until the name matches.
 */
export function DeleteAgentPanel({ agentId, agentName }: { agentId: string; agentName: string }) {
  const t = useTranslations("setup.deleteAgent");
  const locale = useLocale();
  const id = useId();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim() === agentName.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!matches) return;
    setBusy(true);
    setError(null);
    try {
      await api.call(contracts.deleteAgent, { params: { id: agentId }, body: { confirm_name: typed } });
      window.location.assign(`/${locale}/setup`);
    } catch (err) {
      setError(err instanceof ApiClientError ? err.detail : t("failed"));
      setBusy(false);
    }
  };

  return (
    <Card className="mt-8 border-destructive/40" data-testid="delete-agent">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("body", { name: agentName })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor={`${id}-name`}>{t("label", { name: agentName })}</Label>
            <Input
              id={`${id}-name`}
              value={typed}
              autoComplete="off"
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <Button type="submit" variant="destructive" disabled={!matches || busy} className="min-h-11">
            {t("delete")}
          </Button>
        </form>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-destructive">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
