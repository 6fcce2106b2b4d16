"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { CircleCheckIcon } from "@/components/icons/lite/circle-check";
import { CircleExclamationPointIcon as CircleAlertIcon } from "@/components/icons/lite/circle-exclamation-point";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Button } from "@/components/ui/button";
import { billingApi, goToCheckout } from "@/lib/client/billing";
import { cn } from "@/lib/ui/cn";

/** How often a transfer page asks whether the money arrived (a bank transfer lands within seconds). */
const POLL_MS = 3_000;

/** a checkout by its token, or a renewal invoice by its id */
type Watched = { kind: "checkout" | "invoice"; id: string };
type State = "waiting" | "paid" | "closed";

/**
 * Watches a bank transfer until it is paid: the page turns to "paid" by itself, with no reload, once the
 * provider says so (the server asks payOS on each check, so a lost event does not matter). A partly paid
 * transfer refreshes the server's part, which shows what is still due.
 */
export function TransferWatch({
  watched,
  planName,
  amountDue,
  cardInstead,
  paid = false,
}: {
  watched: Watched;
  /** already paid when the page was rendered */
  paid?: boolean;
  planName: string;
  /** what the server showed as still due: a different answer refreshes the page */
  amountDue: number | null;
  cardInstead?: { plan: string; cycle: "monthly" | "yearly"; currency: "VND" | "USD" };
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const router = useRouter();
  const [state, setState] = useState<State>(paid ? "paid" : "waiting");
  const [leaving, setLeaving] = useState(false);
  const shown = useRef(amountDue);
  shown.current = amountDue;
  const { kind, id } = watched;

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (paid) return;
    const check = async () => {
      try {
        if (kind === "checkout") {
          const p = await billingApi.payment(id, { signal: controller.signal });
          if (controller.signal.aborted) return;
          if (p?.status === "succeeded") return setState("paid");
          if (!p || p.status === "failed" || p.status === "expired") return setState("closed");
          if ((p.amount_due ?? null) !== shown.current) router.refresh();
        } else {
          const status = await billingApi.invoiceStatus(id, { signal: controller.signal });
          if (controller.signal.aborted) return;
          if (status === "paid") return setState("paid");
          if (!status || status === "void") return setState("closed");
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      timer = setTimeout(check, POLL_MS);
    };
    timer = setTimeout(check, POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [kind, id, router, paid]);

  const payByCard = async () => {
    if (!cardInstead) return;
    setLeaving(true);
    try {
      const started = await billingApi.createPaymentToken({ ...cardInstead, method: "card" });
      goToCheckout(started.checkout_url, locale, {});
    } catch {
      setLeaving(false);
    }
  };

  if (state !== "waiting") {
    const paidNow = state === "paid";
    return (
      <section
        role={paidNow ? "status" : "alert"}
        data-testid="transfer-state"
        data-state={state}
        className={cn(
          "flex gap-3 rounded-xl border p-4",
          paidNow
            ? "border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100"
            : "border-destructive/40 bg-destructive/5",
        )}
      >
        {paidNow ? (
          <CircleCheckIcon aria-hidden className="mt-0.5 size-5 shrink-0" />
        ) : (
          <CircleAlertIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
        )}
        <div className="space-y-3">
          <p className={paidNow ? "font-medium" : undefined}>
            {paidNow ? t(kind === "checkout" ? "paid" : "renewed", { plan: planName }) : t("linkClosed")}
          </p>
          <Button asChild size="sm" variant={paidNow ? "default" : "outline"}>
            <a href={`/${locale}/${paidNow ? "billing" : "pricing"}`}>
              {paidNow ? t("toBilling") : t("back")}
            </a>
          </Button>
        </div>
      </section>
    );
  }
  return (
    <div className="space-y-3">
      <p
        role="status"
        data-testid="transfer-state"
        data-state="waiting"
        className="flex items-center gap-2 text-sm text-muted-foreground"
      >
        <LoaderCircleIcon aria-hidden className="size-4 shrink-0 animate-spin" />
        {t("waiting")}
      </p>
      {cardInstead && (
        <Button variant="outline" className="w-full" onClick={() => void payByCard()} disabled={leaving}>
          {t("cardInstead")}
        </Button>
      )}
    </div>
  );
}
