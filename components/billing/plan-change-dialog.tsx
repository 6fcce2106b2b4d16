"use client";

import { useLocale, useTranslations } from "next-intl";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { type ChangePreview, type Cycle, formatAmount, formatDay } from "@/lib/client/billing";

export type PendingChange = { planName: string; cycle: Cycle; preview: ChangePreview };

/**
 * The confirmation of a paying owner's plan change: what is charged today and to which card, or the day the
 * change starts. The figures are the server's preview of the very change the confirm button makes.
 */
export function PlanChangeDialog({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  /** the same as `change !== null` (for whenFirstOpen) */
  open?: boolean;
  change: PendingChange | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslations("pricing.confirm");
  const locale = useLocale();
  const preview = change?.preview;
  const plan = change?.planName ?? "";
  let body = "";
  if (preview?.timing === "period_end") {
    body = t("later", { plan, date: formatDay(preview.effective_date, locale) });
  } else if (preview && preview.charge > 0) {
    const values = {
      amount: formatAmount(preview.charge, preview.currency, locale),
      method: preview.payment_method ?? "",
    };
    body = change?.cycle === "yearly" ? t("yearlyCharge", values) : t("charge", values);
  } else if (preview) {
    body = t("noCharge", { plan });
  }
  return (
    <AlertDialog open={change !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent data-testid="plan-change-dialog" data-timing={preview?.timing}>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {preview?.timing === "now" ? t("titleNow", { plan }) : t("titleLater", { plan })}
          </AlertDialogTitle>
          <AlertDialogDescription>{body}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t("cancel")}</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            aria-busy={busy}
            onClick={(event) => {
              // The dialog stays open while the change runs; the page reloads when it is done.
              event.preventDefault();
              onConfirm();
            }}
          >
            {busy && <LoaderCircleIcon aria-hidden className="animate-spin" />}
            {t("confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
