"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { CheckIcon } from "@/components/icons/lite/check";
import { CopyIcon } from "@/components/icons/lite/copy";
import { TriangleExclamationPointIcon as TriangleAlertIcon } from "@/components/icons/lite/triangle-exclamation-point";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { useCopy } from "@/lib/client/use-copy";

/**
 * The new key, this once: the server keeps only its hash, so closing this (or leaving the page) loses it
 * for good; the owner makes another then.
 */
export function NewKeyNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useTranslations("apiKeys");
  const { copied, copy } = useCopy(() => toast.error(t("copyFailed")));
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="new-key"
      className="grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id={titleId} className="font-semibold">
        {t("createdTitle")}
      </h2>
      <p className="flex items-start gap-2 text-sm">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
        {t("createdWarning")}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-key-value"
          className="min-w-0 flex-1 select-all rounded-md border bg-background px-3 py-2 font-mono text-sm [overflow-wrap:anywhere]"
        >
          {secret}
        </code>
        <Button type="button" variant="outline" onClick={() => void copy(secret)}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? t("copied") : t("copy")}
        </Button>
      </div>
      <Button type="button" className="justify-self-start" onClick={onDone}>
        {t("done")}
      </Button>
    </section>
  );
}
