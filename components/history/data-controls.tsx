"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { selectClassName } from "@/components/agents/form-field";
import { useFailureToast } from "@/components/shell/failure-toast";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { useRetention, useSetRetention } from "@/lib/client/queries/erase";

const EraseVisitorDialog = whenFirstOpen(() =>
  import("./erase-visitor-dialog").then((m) => m.EraseVisitorDialog),
);

const CHOICES = ["off", "30", "90", "180", "365"] as const;

/** The History page's data rights (issue 48): how long conversations are kept, and erasing a visitor. */
export function DataControls() {
  const t = useTranslations("history.erase");
  const failed = useFailureToast();
  const retention = useRetention();
  const save = useSetRetention();
  const [erasing, setErasing] = useState(false);
  const current = retention.data?.retention_days;
  const canChange = retention.data?.can_change ?? false;

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="history-data-controls">
      <label className="flex items-center gap-2">
        <span>{t("retention")}</span>
        <select
          className={selectClassName}
          value={current == null ? "off" : String(current)}
          disabled={!retention.data || !canChange || save.isPending}
          data-testid="history-retention"
          onChange={(e) => {
            const value = e.target.value === "off" ? null : (Number(e.target.value) as 30 | 90 | 180 | 365);
            save
              .mutateAsync(value)
              .then(() => toast.success(t("retentionSaved")))
              .catch(failed);
          }}
        >
          {CHOICES.map((c) => (
            <option key={c} value={c}>
              {c === "off" ? t("retentionOff") : t("retentionDays", { days: Number(c) })}
            </option>
          ))}
        </select>
      </label>
      {canChange && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setErasing(true)}
          data-testid="history-erase-visitor"
        >
          {t("eraseVisitor")}
        </Button>
      )}
      <EraseVisitorDialog open={erasing} onOpenChange={setErasing} />
    </div>
  );
}
