"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { PlusIcon } from "@/components/icons/lite/plus";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiClientError } from "@/lib/client/api";
import { useCreateApiKey } from "@/lib/client/queries/api-keys";
import { API_KEY_NAME_CHARS } from "@/lib/contracts/values";

/** A name, then a new key; the server's words (in the page's language) under the field when it refuses. */
export function CreateKeyForm({ onCreated }: { onCreated: (key: string) => void }) {
  const t = useTranslations("apiKeys");
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const created = await create.mutateAsync(name);
      setName("");
      onCreated(created.key);
    } catch (err) {
      if (err instanceof ApiClientError) setError(err.fields?.name ?? err.detail);
      else setError(String(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2" data-testid="create-key-form" noValidate>
      <Label htmlFor={inputId}>{t("nameLabel")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t("namePlaceholder")}
          maxLength={API_KEY_NAME_CHARS}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="sm:max-w-sm"
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden />
          ) : (
            <PlusIcon aria-hidden />
          )}
          {t("create")}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("nameHint")}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="create-key-error">
          {error}
        </p>
      )}
    </form>
  );
}
