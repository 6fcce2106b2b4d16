"use client";

import { useState } from "react";
import { CheckIcon } from "@/components/icons/lite/check";
import { CopyIcon } from "@/components/icons/lite/copy";
import { LiteButton } from "@/components/ui/lite-button";
import { useCopy } from "@/lib/client/use-copy";
import { useLiteT } from "@/lib/i18n/lite";
import { ActionNotice } from "./action-notice";

/** Copies an answer's text (its markdown, which pastes readably anywhere). */
export function CopyButton({ text }: { text: string }) {
  const t = useLiteT("chatUi");
  const [failed, setFailed] = useState(false);
  const { copied, copy } = useCopy(() => setFailed(true));
  return (
    <>
      <LiteButton
        variant="ghost"
        size="icon-sm"
        aria-label={copied ? t("copied") : t("copy")}
        title={t("copy")}
        onClick={() => {
          setFailed(false);
          void copy(text);
        }}
      >
        {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      </LiteButton>
      {failed && (
        <ActionNotice notice={{ text: t("copyFailed"), failed: true }} onDone={() => setFailed(false)} />
      )}
    </>
  );
}
