"use client";

import { useLocale, useTranslations } from "next-intl";
import { BusyConfirmDialog } from "@/components/ui/busy-confirm-dialog";
import { type ChangePreview, type Cycle, formatAmount, formatDay } from "@/lib/client/billing";

/** `cycle`: the owner's own plan on the other billing cycle, which is not a change of plan. */
export type ChangeKind = "cycle" | "upgrade" | "downgrade";
export type PendingChange = { planName: string; cycle: Cycle; kind: ChangeKind; preview: ChangePreview };

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
    <BusyConfirmDialog
      open={change !== null}
      onOpenChange={(open) => !open && onClose()}
      contentProps={{ "data-testid": "plan-change-dialog", "data-timing": preview?.timing } as object}
      title={
        change?.kind === "cycle"
          ? t(change.cycle === "yearly" ? "titleYearly" : "titleMonthly", { plan })
          : preview?.timing === "now"
            ? t("titleNow", { plan })
            : t("titleLater", { plan })
      }
      body={body}
      cancel={t("cancel")}
      confirm={change?.kind === "cycle" ? t("confirmCycle") : t("confirm")}
      // Only a cheaper plan gives something up; a cycle switch or an upgrade is not a warning.
      confirmVariant={change?.kind === "downgrade" ? "destructive" : "default"}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
