"use client";

import { CheckIcon } from "@/components/icons/lite/check";
import { CopyIcon } from "@/components/icons/lite/copy";
import { Button } from "@/components/ui/button";
import { useCopy } from "@/lib/client/use-copy";

/** A small copy button for a detail someone must type exactly (an account number, a description). */
export function CopyText({ text, label, done }: { text: string; label: string; done: string }) {
  const { copied, copy } = useCopy();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8 shrink-0"
      aria-label={copied ? done : `${label}: ${text}`}
      title={label}
      onClick={() => void copy(text)}
    >
      {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
    </Button>
  );
}
