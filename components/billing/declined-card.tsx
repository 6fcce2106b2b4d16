"use client";

import { useTranslations } from "next-intl";
import { CircleExclamationPointIcon as CircleAlertIcon } from "@/components/icons/lite/circle-exclamation-point";
import { Button } from "@/components/ui/button";

const reasons = ["card_declined", "insufficient_funds", "expired_card"] as const;
type Reason = (typeof reasons)[number];

/** The bank's reason for a decline as the page can say it; any other code is a plain decline. */
export function declineReason(code: string | null | undefined): Reason {
  return reasons.find((r) => r === code) ?? "card_declined";
}

/**
 * A declined card on the checkout: why (in the bank's words, translated), that nothing was charged, and the
 * two ways on: another card (the form stays as typed until then) or a bank transfer.
 */
export function DeclinedCard({
  reason,
  busy,
  onAnotherCard,
  onTransfer,
}: {
  reason: string;
  busy: boolean;
  onAnotherCard: () => void;
  onTransfer: () => void;
}) {
  const t = useTranslations("checkout");
  const code = declineReason(reason);
  return (
    <div
      role="alert"
      data-testid="card-declined"
      data-reason={code}
      className="flex gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
    >
      <CircleAlertIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="space-y-1">
          <p className="font-semibold">{t("declinedTitle")}</p>
          <p>{t(`declined.${code}`)}</p>
          <p className="text-sm text-muted-foreground">{t("declinedHelp")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={onAnotherCard} disabled={busy} className="whitespace-normal">
            {t("tryAnotherCard")}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={onTransfer}
            disabled={busy}
            className="whitespace-normal"
          >
            {t("payByTransfer")}
          </Button>
        </div>
      </div>
    </div>
  );
}
