import "server-only";
import { getTranslations } from "next-intl/server";
import { type Currency, currencies, formatMoney, perMonthOfYearly } from "@/lib/billing/money";
import { agentsByPlan, type PlanLimits, seatsByPlan } from "@/lib/billing/plan-limits";
import { planCatalogue } from "@/lib/billing/plans";
import { entitledPlan } from "@/lib/billing/subscription-machine";
import { stateOf, subscriptionOf } from "@/lib/billing/subscriptions";
import type { Db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/routing";
import type { CurrentPlan, PricingPlan } from "@/lib/shared/pricing";

/**
 * The pricing page's plans, ready to show: names, prices and limits already in words on the server, so the
 * page's client code only switches the cycle and starts a checkout.
 */

export function currencyFor(locale: Locale): Currency {
  return locale === "vi" ? "VND" : "USD";
}

/**
 * The currency the pricing page shows (issue 43 item 12): an owner once billed sees the currency of their
 * bills in every language (a subscription keeps its currency); anyone else the one they switched to
 * (`?currency=`), else their language's (vi → VND, en → USD). `switchable` says whether the page offers
 * the switch.
 */
export function pricingCurrency(
  locale: Locale,
  billed: Currency | null,
  asked: unknown,
): { currency: Currency; switchable: boolean } {
  if (billed) return { currency: billed, switchable: false };
  const chosen = currencies.find((c) => c === asked);
  return { currency: chosen ?? currencyFor(locale), switchable: true };
}

const MB = 1024 * 1024;

/** A plan's file size limit in words, "2 MB", the same on the pricing page and the Files card. */
export function fileSizeText(bytes: number, locale: Locale): string {
  return `${new Intl.NumberFormat(locale === "vi" ? "vi-VN" : "en-US").format(bytes / MB)} MB`;
}

async function limitLines(limits: PlanLimits, locale: Locale): Promise<string[]> {
  const t = await getTranslations({ locale, namespace: "pricing.limits" });
  const compact = new Intl.NumberFormat(locale === "vi" ? "vi-VN" : "en-US", { notation: "compact" });
  return [
    t("messages", { count: limits.monthlyMessages }),
    t("documents", { count: limits.documentsPerAgent }),
    t("characters", { count: compact.format(limits.charactersPerAgent) }),
    t("crawl", { count: limits.crawlPagesPerSite }),
    t("files", { count: limits.maxFilesPerUpload, size: fileSizeText(limits.maxFileBytes, locale) }),
    limits.modelChoice === "any" ? t("modelsAny") : t("modelsDefault"),
    limits.canHideBranding ? t("branding") : t("brandingShown"),
    countOrContract(agentsByPlan[limits.plan], (count) => t("agents", { count }), t("agentsByContract")),
    countOrContract(seatsByPlan[limits.plan], (count) => t("seats", { count }), t("seatsByContract")),
    // Channels are a paid feature: the free plan answers on the page, the widget and the API.
    limits.plan === "free" ? t("channelsNone") : t("channels"),
  ];
}

const countOrContract = (n: number | null, some: (count: number) => string, byContract: string) =>
  n === null ? byContract : some(n);

export async function pricingPlans(
  locale: Locale,
  currency: Currency = currencyFor(locale),
): Promise<PricingPlan[]> {
  const price = (amount: number) => formatMoney({ amount, currency }, locale);
  return Promise.all(
    planCatalogue().map(async (plan) => {
      const monthly = plan.prices.find((p) => p.cycle === "monthly" && p.currency === currency)?.amount;
      const yearly = plan.prices.find((p) => p.cycle === "yearly" && p.currency === currency)?.amount;
      return {
        id: plan.id,
        name: plan.name[locale],
        pitch: plan.pitch[locale],
        status: plan.status,
        free: monthly === 0,
        monthly: monthly === undefined ? null : price(monthly),
        yearlyPerMonth: yearly === undefined ? null : price(perMonthOfYearly(yearly)),
        yearly: yearly === undefined ? null : price(yearly),
        limits: await limitLines(plan.limits, locale),
      };
    }),
  );
}

/**
 * The plan the owner is entitled to now (free without a subscription), its cycle, and whether a choice on
 * the pricing page is a change of a running subscription (an active one) rather than a new checkout.
 */
export async function currentPlanOf(db: Db, ownerId: string): Promise<CurrentPlan> {
  const row = await subscriptionOf(db, ownerId);
  const state = stateOf(row);
  const plan = entitledPlan(state, new Date());
  const running = state.status === "active" && plan !== "free";
  return {
    plan,
    cycle: running ? state.cycle : null,
    pendingCycle: running ? state.pendingCycle : null,
    currency: (currencies as readonly string[]).includes(row?.currency ?? "")
      ? (row!.currency as Currency)
      : null,
    changes: running,
  };
}
