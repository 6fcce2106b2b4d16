"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { CheckIcon } from "@/components/icons/lite/check";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { toast } from "@/components/shell/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { ApiClientError } from "@/lib/client/api";
import { billingApi, type Currency, formatDay, goToCheckout } from "@/lib/client/billing";
import {
  type CurrentPlan,
  type PricingCycle,
  type PricingPlan,
  pricingReturnPath,
} from "@/lib/shared/pricing";
import { cn } from "@/lib/ui/cn";
import type { PendingChange } from "./plan-change-dialog";

// Both dialogs load on first opening: Radix's dialog stays out of the page's first load (issue 18).
const ContactSalesDialog = whenFirstOpen(() =>
  import("./contact-sales-dialog").then((m) => m.ContactSalesDialog),
);
const PlanChangeDialog = whenFirstOpen(() => import("./plan-change-dialog").then((m) => m.PlanChangeDialog));

/**
 * The plan cards (BILL-2). Prices and limits come rendered from the server; this switches the cycle and
 * starts a checkout. A signed-out visitor signs in first and comes back to the same choice, which then
 * continues by itself (`resume`).
 */
export function PricingPlans({
  plans,
  currency,
  currencySwitch,
  signedIn,
  currentPlan,
  initialCycle,
  resume,
  contactEmail,
  paymentsReady,
}: {
  plans: PricingPlan[];
  currency: Currency;
  /** whether the visitor may switch currency (no bills yet; an owner's bills fix it) */
  currencySwitch: boolean;
  signedIn: boolean;
  currentPlan: CurrentPlan | null;
  initialCycle: PricingCycle;
  resume: { plan: string; cycle: PricingCycle } | null;
  contactEmail?: string;
  /** false when no provider takes payments here: paid plans say so instead of offering a checkout */
  paymentsReady: boolean;
}) {
  const t = useTranslations("pricing");
  const locale = useLocale();
  // The catalogue comes ordered from the cheapest plan up.
  const planIndex = (id: string) => plans.findIndex((p) => p.id === id);
  const [cycle, setCycle] = useState<PricingCycle>(initialCycle);
  const [busy, setBusy] = useState<string | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [pending, setPending] = useState<(PendingChange & { planId: string }) | null>(null);
  const [changing, setChanging] = useState(false);

  const failed = (err: unknown) => {
    toast.error(err instanceof ApiClientError && err.detail ? err.detail : t("failed"));
    setBusy(null);
  };

  const choose = async (plan: PricingPlan, chosenCycle: PricingCycle) => {
    if (!signedIn) {
      // The currency chosen before signing in is the checkout's after it.
      const next = pricingReturnPath(plan.id, chosenCycle, currency);
      // Straight to the sign-in card (far below the pitch on a phone), which names the plan.
      window.location.assign(`/${locale}?${new URLSearchParams({ next })}#sign-in`);
      return;
    }
    setBusy(plan.id);
    // An owner who already pays changes plan (an upgrade at once, charged the difference to the saved card;
    // a downgrade at the period's end), after reading what it costs.
    if (currentPlan?.changes) {
      try {
        const preview = await billingApi.previewChange(plan.id, chosenCycle);
        const kind =
          plan.id === currentPlan.plan
            ? "cycle"
            : planIndex(plan.id) > planIndex(currentPlan.plan)
              ? "upgrade"
              : "downgrade";
        setPending({ planId: plan.id, planName: plan.name, cycle: chosenCycle, kind, preview });
      } catch (err) {
        failed(err);
      }
      return;
    }
    try {
      const started = await billingApi.createPaymentToken({ plan: plan.id, cycle: chosenCycle, currency });
      goToCheckout(started.checkout_url, locale);
    } catch (err) {
      failed(err);
    }
  };

  const confirmChange = async () => {
    if (!pending) return;
    setChanging(true);
    try {
      const change = await billingApi.changePlan(pending.planId, pending.cycle);
      setPending(null);
      if (change.status === "failed") {
        // Nothing changed: the owner stays here, with the way to another card.
        toast.error(t("changeFailed"), {
          duration: 10_000,
          action: {
            label: t("updateCard"),
            onClick: () => window.location.assign(`/${locale}/billing?tab=methods`),
          },
        });
        setChanging(false);
        setBusy(null);
        return;
      }
      if (change.timing === "now") toast.success(t("changedNow", { plan: pending.planName }));
      else {
        const date = formatDay(change.subscription?.current_period_end, locale);
        const key = pending.kind === "cycle" ? "cycleChangedLater" : "changedLater";
        toast.success(t(key, { plan: pending.planName, date }));
      }
      // The cards and badges are the server's: read them again once the toast has been seen, the toggle
      // still on the cycle just chosen.
      const again = `/${locale}/pricing?cycle=${pending.cycle}`;
      window.setTimeout(() => window.location.assign(again), 1500);
    } catch (err) {
      setPending(null);
      setChanging(false);
      failed(err);
    }
  };

  // Back from signing in: the choice made before goes on to checkout once.
  const resumed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the first render after sign-in
  useEffect(() => {
    if (resumed.current || !resume || !signedIn || !paymentsReady) return;
    resumed.current = true;
    window.history.replaceState(null, "", `/${locale}/pricing?cycle=${resume.cycle}`);
    const plan = plans.find((p) => p.id === resume.plan && p.status === "available" && !p.free);
    if (plan && plan.id !== currentPlan?.plan) void choose(plan, resume.cycle);
  }, []);

  return (
    <div className="space-y-8">
      {!paymentsReady && (
        <p
          className="mx-auto max-w-2xl rounded-lg border bg-muted px-4 py-3 text-center text-sm text-muted-foreground"
          data-testid="payments-not-set-up"
        >
          {t("notSetUpNote")}
        </p>
      )}
      <fieldset className="flex flex-col items-center gap-2">
        <legend className="sr-only">{t("cycleLabel")}</legend>
        <div className="inline-flex rounded-lg border bg-muted p-1" data-testid="cycle-toggle">
          {(["monthly", "yearly"] as const).map((c) => (
            <Button
              key={c}
              type="button"
              size="sm"
              variant={cycle === c ? "default" : "ghost"}
              aria-pressed={cycle === c}
              onClick={() => setCycle(c)}
              className="touch:min-h-11 px-4"
            >
              {c === "monthly" ? t("monthly") : t("yearly")}
              {c === "yearly" && (
                <span className={cn("text-xs", cycle === c ? "opacity-90" : "text-primary")}>
                  {t("save")}
                </span>
              )}
            </Button>
          ))}
        </div>
        {currencySwitch && <CurrencySwitch currency={currency} cycle={cycle} />}
      </fieldset>

      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {plans.map((plan) => {
          const current = currentPlan?.plan === plan.id;
          const highlighted = resume?.plan === plan.id;
          return (
            <li
              key={plan.id}
              data-testid="plan-card"
              data-plan={plan.id}
              className={cn(
                "flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm",
                (current || highlighted) && "border-primary ring-1 ring-primary",
              )}
            >
              <div className="space-y-1.5">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-semibold">{plan.name}</h2>
                  {current && <Badge data-testid="current-plan">{t("current")}</Badge>}
                  {plan.status === "coming_soon" && <Badge variant="secondary">{t("comingSoon")}</Badge>}
                </div>
                <p className="text-sm text-muted-foreground">{plan.pitch}</p>
              </div>
              <PlanPrice plan={plan} cycle={cycle} />
              <div className="mt-auto">
                <PlanAction
                  plan={plan}
                  current={current}
                  switchCycle={
                    // A switch already waiting for the period's end is not offered again (Billing undoes it).
                    current &&
                    currentPlan?.changes &&
                    currentPlan.cycle !== cycle &&
                    currentPlan.pendingCycle !== cycle
                      ? cycle
                      : null
                  }
                  change={
                    !current && currentPlan?.changes
                      ? planIndex(plan.id) > planIndex(currentPlan.plan)
                        ? "upgrade"
                        : "switch"
                      : null
                  }
                  signedIn={signedIn}
                  paymentsReady={paymentsReady}
                  busy={busy === plan.id}
                  disabled={busy !== null}
                  onChoose={() => void choose(plan, cycle)}
                  onContact={() => setContactOpen(true)}
                />
              </div>
              <div className="space-y-2 border-t pt-4">
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  {t("limitsTitle")}
                </p>
                <ul className="space-y-1.5 text-sm">
                  {plan.limits.map((line) => (
                    <li key={line} className="flex gap-2">
                      <CheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                      <span className="min-w-0">{line}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
      <ContactSalesDialog open={contactOpen} onOpenChange={setContactOpen} email={contactEmail} />
      <PlanChangeDialog
        open={pending !== null}
        change={pending}
        busy={changing}
        onConfirm={() => void confirmChange()}
        onClose={() => {
          setPending(null);
          setBusy(null);
        }}
      />
    </div>
  );
}

/** Links, not state: the prices are the server's, rendered in the currency of the address. */
function CurrencySwitch({ currency, cycle }: { currency: Currency; cycle: PricingCycle }) {
  const t = useTranslations("pricing");
  return (
    <nav
      aria-label={t("currencyLabel")}
      className="flex items-center gap-1 text-sm"
      data-testid="currency-switch"
    >
      {(["VND", "USD"] as const).map((c) => (
        <a
          key={c}
          href={`?${new URLSearchParams({ cycle, currency: c })}`}
          aria-current={c === currency ? "true" : undefined}
          className={cn(
            "inline-flex min-h-9 items-center rounded-md px-3 touch:min-h-11",
            c === currency ? "bg-muted font-medium" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {c}
        </a>
      ))}
    </nav>
  );
}

function PlanPrice({ plan, cycle }: { plan: PricingPlan; cycle: PricingCycle }) {
  const t = useTranslations("pricing");
  if (plan.monthly === null) return <p className="text-2xl font-semibold">{t("quote")}</p>;
  if (plan.free) {
    return (
      <div>
        <p className="text-2xl font-semibold">{plan.monthly}</p>
        <p className="text-sm text-muted-foreground">{t("free")}</p>
      </div>
    );
  }
  const yearly = cycle === "yearly";
  return (
    <div data-testid="plan-price">
      <p className="text-2xl font-semibold break-words">
        {t("perMonth", { price: (yearly ? plan.yearlyPerMonth : plan.monthly) ?? "" })}
      </p>
      <p className="text-sm text-muted-foreground">
        {yearly ? t("billedYearly", { price: plan.yearly ?? "" }) : t("billedMonthly")}
      </p>
    </div>
  );
}

function PlanAction({
  plan,
  current,
  switchCycle,
  change,
  signedIn,
  paymentsReady,
  busy,
  disabled,
  onChoose,
  onContact,
}: {
  plan: PricingPlan;
  current: boolean;
  /** the owner's own plan shown on the other cycle: a switch to it */
  switchCycle: PricingCycle | null;
  /** another plan for an owner who pays: an upgrade or a switch of the running subscription */
  change: "upgrade" | "switch" | null;
  signedIn: boolean;
  paymentsReady: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
  onContact: () => void;
}) {
  const t = useTranslations("pricing");
  const locale = useLocale();
  if (plan.status === "contact_sales") {
    return (
      <Button variant="outline" className="w-full" onClick={onContact}>
        {t("contactSales")}
      </Button>
    );
  }
  if (plan.status === "coming_soon") {
    return (
      <Button variant="outline" className="w-full" disabled>
        {t("comingSoon")}
      </Button>
    );
  }
  // Anything below buys or changes a paid plan, which needs a provider.
  if (!paymentsReady && !plan.free && !current) {
    return (
      <Button variant="outline" className="w-full" disabled>
        {t("notSetUp")}
      </Button>
    );
  }
  if (current && switchCycle && paymentsReady) {
    return (
      <Button variant="outline" className="w-full" onClick={onChoose} disabled={disabled} aria-busy={busy}>
        {busy && <LoaderCircleIcon aria-hidden className="animate-spin" />}
        {switchCycle === "yearly" ? t("switchToYearly") : t("switchToMonthly")}
      </Button>
    );
  }
  if (current) {
    return (
      <Button variant="secondary" className="w-full" disabled>
        {t("current")}
      </Button>
    );
  }
  if (plan.free) {
    if (signedIn) return null;
    return (
      <Button asChild variant="outline" className="w-full">
        <a href={`/${locale}`}>{t("startFree")}</a>
      </Button>
    );
  }
  const label =
    change === "upgrade"
      ? t("upgradeTo", { plan: plan.name })
      : change === "switch"
        ? t("switchTo", { plan: plan.name })
        : t("choose", { plan: plan.name });
  return (
    <Button className="w-full" onClick={onChoose} disabled={disabled} aria-busy={busy}>
      {busy && <LoaderCircleIcon aria-hidden className="animate-spin" />}
      {busy && !change ? t("redirecting") : label}
    </Button>
  );
}
