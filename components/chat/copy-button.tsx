"use client";

import { CheckIcon, CopyIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useCopy } from "@/lib/client/use-copy";

/** Copies an answer's text (its markdown, which pastes readably anywhere). */
export function CopyButton({ text }: { text: string }) {
  const t = useTranslations("chatUi");
  const { copied, copy } = useCopy(() => toast.error(t("copyFailed")));
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={copied ? t("copied") : t("copy")}
      title={t("copy")}
      onClick={() => void copy(text)}
    >
      {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
    </Button>
  );
}
