"use client";

import { useTranslations } from "next-intl";
import { CheckIcon } from "@/components/icons/lite/check";
import { CopyIcon } from "@/components/icons/lite/copy";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { useCopy } from "@/lib/client/use-copy";

/** A value the owner pastes on the platform's side (the webhook URL, the verify token), with a copy button. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useTranslations("channelsPage");
  const { copied, copy } = useCopy(() => toast.error(t("copyFailed")));
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 select-all rounded-md border bg-background px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]"
        >
          {value}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          aria-label={`${t("copy")}: ${label}`}
          onClick={() => void copy(value)}
        >
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? t("copied") : t("copy")}
        </Button>
      </div>
    </div>
  );
}
