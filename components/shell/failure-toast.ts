"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { failureMessage } from "@/lib/client/failure-message";
import { toast } from "./toast";

/** The error toast of a failed action, in the page's language (lib/client/failure-message.ts says what it says). */
export function useFailureToast(): (err: unknown) => void {
  const t = useTranslations("toasts");
  return useCallback(
    (err: unknown) => {
      const { title, description } = failureMessage(err, {
        fail: t("fail"),
        tryLater: t("tryLater"),
        errorOccurred: t("errorOccurred"),
      });
      toast.error(title, { description });
    },
    [t],
  );
}
