"use client";

import { useTranslations } from "next-intl";
import { type ComponentType, useEffect, useState } from "react";
import { onToastWanted } from "./toast";
import { HOTKEY_LABEL, TOASTER_SETTINGS } from "./toaster-settings";

export { TOASTER_SETTINGS };

type Loaded = ComponentType<{ label: string }>;

/**
 * The toast region (SHELL-7). Until the first toast it is the empty, labelled live region sonner itself
 * renders when there is nothing to show; the first toast (components/shell/toast.ts) loads sonner and swaps
 * in its Toaster, so no page downloads sonner before it has something to say.
 */
export function AppToaster() {
  const t = useTranslations("toasts");
  const [Toaster, setToaster] = useState<Loaded | null>(null);
  useEffect(
    () =>
      onToastWanted(() => {
        void import("./sonner-toaster").then((m) => setToaster(() => m.SonnerToaster));
      }),
    [],
  );
  if (Toaster) return <Toaster label={t("label")} />;
  return (
    <section
      aria-label={`${t("label")} ${HOTKEY_LABEL}`}
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
    />
  );
}
