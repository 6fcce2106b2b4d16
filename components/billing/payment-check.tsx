"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { CircleExclamationPointIcon as CircleAlertIcon } from "@/components/icons/lite/circle-exclamation-point";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { billingApi, formatAmount, goToCheckout, type Payment } from "@/lib/client/billing";

/** How often a transfer being verified is asked about again, until its funds arrive. */
const VERIFYING_POLL_MS = 2_000;
/** Quick checks of a pending payment (its event is usually processed within seconds), then slow ones. */
const PENDING_QUICK_CHECKS = 15;
const PENDING_SLOW_POLL_MS = 15_000;

/**
 * The payment check (BILL-4): on entering /pricing or /billing with a checkout's cookie, asks how it
 * ended and says so. A transfer being verified is asked about again until it is final; once final the
 * cookie is dropped, so the outcome is told once.
 */
export function PaymentCheck({
  token,
  planNames,
  onSettled,
}: {
  token: string;
  planNames: Record<string, string>;
  /** the plan changed: the page reloads what its client code shows (the server's part is refreshed here) */
  onSettled?: () => unknown;
}) {
  const t = useTranslations("payment");
  const locale = useLocale();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [busy, setBusy] = useState(false);
  // Read at the time of the answer: a re-render must not ask again.
  const router = useRouter();
  const latest = useRef({ onSettled, planNames, t, router });
  latest.current = { onSettled, planNames, t, router };
  // Dropping the final token's cookie must finish before a new checkout sets the next one, or the late
  // drop clears the new token and the page never learns the new payment's outcome.
  const dropping = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pendingChecks = 0;
    const check = async () => {
      let found: Payment | null;
      try {
        found = await billingApi.payment(token, { signal: controller.signal });
      } catch {
        if (!controller.signal.aborted) timer = setTimeout(check, VERIFYING_POLL_MS * 2);
        return;
      }
      if (controller.signal.aborted) return;
      setPayment(found);
      if (!found) {
        dropping.current = billingApi.dropPaymentToken(token).catch(() => {});
        return;
      }
      if (found.status === "verifying" || found.status === "pending") {
        // A card payment is pending until its provider event has been processed (a job, a moment after the
        // checkout): ask again, quickly at first, then slowly for a checkout left open in another tab.
        pendingChecks += 1;
        const wait =
          found.status === "pending" && pendingChecks > PENDING_QUICK_CHECKS
            ? PENDING_SLOW_POLL_MS
            : VERIFYING_POLL_MS;
        timer = setTimeout(check, wait);
        return;
      }
      dropping.current = billingApi.dropPaymentToken(token).catch(() => {});
      if (found.status === "succeeded") {
        const { planNames: names, t: say, onSettled: done, router: nav } = latest.current;
        toast.success(say("success", { plan: names[found.plan] ?? found.plan }));
        void done?.();
        // What the server rendered (the current-plan badge, the usage meters) follows the new plan.
        nav.refresh();
      }
    };
    void check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token]);

  // The same choice again, through a new checkout (the old token is final).
  const payAgain = async (another: boolean) => {
    if (!payment) return;
    setBusy(true);
    try {
      await dropping.current;
      // "Another method": a card after a transfer, a transfer after a card (the sandbox's form takes both;
      // where only one is offered the server falls back to it).
      const same = payment.method ?? "card";
      const method = another ? (same === "card" ? "bank_transfer" : "card") : same;
      const started = await billingApi.createPaymentToken({
        plan: payment.plan,
        cycle: payment.cycle,
        currency: payment.currency,
        method,
      });
      goToCheckout(started.checkout_url, locale, method === "bank_transfer" ? { method } : {});
    } catch (err) {
      toast.error(err instanceof ApiClientError && err.detail ? err.detail : t("failedBody"));
      setBusy(false);
    }
  };

  if (!payment || payment.status === "succeeded") return null;
  const plan = planNames[payment.plan] ?? payment.plan;

  if (payment.status === "verifying" || payment.status === "pending") {
    const verifying = payment.status === "verifying";
    return (
      <section
        data-testid="payment-outcome"
        data-status={payment.status}
        role="status"
        className="mb-6 flex gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
      >
        {verifying && (
          <LoaderCircleIcon aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-primary" />
        )}
        <div className="min-w-0 space-y-2">
          <p className="font-medium">{verifying ? t("verifyingTitle") : t("pendingTitle")}</p>
          {verifying && payment.amount_due ? (
            <>
              <p className="text-sm" data-testid="payment-underpaid">
                {t("underpaid", { amount: formatAmount(payment.amount_due, payment.currency, locale) })}
              </p>
              <Button asChild size="sm">
                <a href={`/${locale}/billing/checkout/${encodeURIComponent(token)}`}>{t("continue")}</a>
              </Button>
            </>
          ) : verifying ? (
            <p className="text-sm text-muted-foreground">{t("verifyingBody", { plan })}</p>
          ) : (
            <Button asChild size="sm">
              <a href={`/${locale}/billing/checkout/${encodeURIComponent(token)}`}>{t("continue")}</a>
            </Button>
          )}
        </div>
      </section>
    );
  }

  const failed = payment.status === "failed";
  return (
    <section
      data-testid="payment-outcome"
      data-status={payment.status}
      role="alert"
      className="mb-6 flex gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
    >
      <CircleAlertIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="min-w-0 space-y-3">
        <div className="space-y-1">
          <p className="font-semibold">{failed ? t("failedTitle") : t("expiredTitle")}</p>
          <p className="text-sm">{failed ? t("failedBody") : t("expiredBody")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={() => void payAgain(false)}>
            {failed ? t("retry") : t("payAgain")}
          </Button>
          {failed && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void payAgain(true)}>
              {t("another")}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setPayment(null)}>
            {t("dismiss")}
          </Button>
        </div>
      </div>
    </section>
  );
}
