"use client";

import { useTranslations } from "next-intl";
import { ToastRegion } from "./toast-region";
import { TOASTER_SETTINGS } from "./toaster-settings";

export { TOASTER_SETTINGS };

/** The site pages' toast region, labelled in the page's language (next-intl). */
export function AppToaster() {
  const t = useTranslations("toasts");
  return <ToastRegion label={t("label")} />;
}
