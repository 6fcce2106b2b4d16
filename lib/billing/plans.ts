import "server-only";
import { config } from "@/lib/config";
import { type Currency, type Cycle, currencies, cycleAmount, cycles } from "./money";
import { isPlanId, plans as limitsByPlan, type PlanId, type PlanLimits, planIds } from "./plan-limits";

/**
 * The plan catalogue (BILL-1): names and pitches in both languages, prices, whether a plan is on sale, and
 * its limits (from plan-limits.ts). Prices and what is "coming soon" are configuration
 * (BILLING_PRICES, BILLING_COMING_SOON in lib/config.ts); everything else is code.
 */

export const planStatuses = ["available", "coming_soon", "contact_sales"] as const;
export type PlanStatus = (typeof planStatuses)[number];
export type Locale = "en" | "vi";

export type Price = { readonly cycle: Cycle; readonly currency: Currency; readonly amount: number };

export type Plan = {
  readonly id: PlanId;
  /** free < beginner < starter < business < enterprise: what makes a change an upgrade */
  readonly rank: number;
  readonly status: PlanStatus;
  readonly name: Readonly<Record<Locale, string>>;
  readonly pitch: Readonly<Record<Locale, string>>;
  /** every cycle × currency; empty for enterprise (a quote) */
  readonly prices: readonly Price[];
  readonly limits: PlanLimits;
};

export type PaidPlanId = "beginner" | "starter" | "business";
export type MonthlyPrices = Readonly<Record<PaidPlanId, Readonly<Record<Currency, number>>>>;

/**
 * Monthly prices by default, in minor units: what a Vietnamese small business pays for a tool like this
 * (≈ the price of a few lunches up to a part-time helper), and dollars at roughly 25,000 ₫ per $ rounded to
 * a familiar price point.
 */
export const defaultMonthlyPrices: MonthlyPrices = Object.freeze({
  beginner: Object.freeze({ VND: 199_000, USD: 800 }),
  starter: Object.freeze({ VND: 499_000, USD: 2_000 }),
  business: Object.freeze({ VND: 1_990_000, USD: 8_000 }),
});

const texts: Record<PlanId, { name: Record<Locale, string>; pitch: Record<Locale, string> }> = {
  free: {
    name: { en: "Free", vi: "Miễn phí" },
    pitch: {
      en: "Try an agent on your own documents, no card needed.",
      vi: "Dùng thử trợ lý với tài liệu của bạn, không cần thẻ.",
    },
  },
  beginner: {
    name: { en: "Beginner", vi: "Khởi đầu" },
    pitch: {
      en: "For a small shop answering its first customers online.",
      vi: "Cho cửa hàng nhỏ bắt đầu trả lời khách hàng trực tuyến.",
    },
  },
  starter: {
    name: { en: "Starter", vi: "Cơ bản" },
    pitch: {
      en: "For a growing business: more messages, your own branding.",
      vi: "Cho doanh nghiệp đang phát triển: nhiều tin nhắn hơn, thương hiệu riêng.",
    },
  },
  business: {
    name: { en: "Business", vi: "Doanh nghiệp" },
    pitch: {
      en: "For busy teams with large websites and many documents.",
      vi: "Cho đội ngũ bận rộn với website lớn và nhiều tài liệu.",
    },
  },
  enterprise: {
    name: { en: "Enterprise", vi: "Doanh nghiệp lớn" },
    pitch: {
      en: "Custom limits, contracts and invoicing. Talk to us.",
      vi: "Giới hạn, hợp đồng và hóa đơn theo nhu cầu. Hãy liên hệ với chúng tôi.",
    },
  },
};

export type CatalogueSettings = {
  comingSoon: readonly string[];
  prices: Partial<Record<PaidPlanId, Partial<Record<Currency, number>>>>;
};

function settingsFromConfig(): CatalogueSettings {
  const c = config();
  return { comingSoon: c.BILLING_COMING_SOON, prices: c.BILLING_PRICES };
}

/** The monthly price of a plan in a currency (0 for free; null for enterprise, which has no list price). */
export function monthlyPrice(
  plan: PlanId,
  currency: Currency,
  settings: CatalogueSettings = settingsFromConfig(),
): number | null {
  if (plan === "free") return 0;
  if (plan === "enterprise") return null;
  return settings.prices[plan]?.[currency] ?? defaultMonthlyPrices[plan][currency];
}

/** The price of one period of (plan, cycle) in a currency, the yearly discount applied; null for enterprise. */
export function priceOf(
  plan: PlanId,
  cycle: Cycle,
  currency: Currency,
  settings: CatalogueSettings = settingsFromConfig(),
): number | null {
  const monthly = monthlyPrice(plan, currency, settings);
  return monthly === null ? null : cycleAmount(monthly, cycle);
}

function statusOf(plan: PlanId, settings: CatalogueSettings): PlanStatus {
  if (plan === "enterprise") return "contact_sales";
  if (plan === "free") return "available";
  return settings.comingSoon.includes(plan) ? "coming_soon" : "available";
}

/**
 * A plan's name for people in `locale`: the one source of plan names, for pages, mails, invoices and every
 * reason that names a plan (a stored document refusal says "the Beginner plan" years later). An id the
 * catalogue does not know (a row written by a tampered or future version) is shown as it is.
 */
export function planName(id: string, locale: Locale): string {
  return isPlanId(id) ? texts[id].name[locale] : id;
}

/** The cheapest plan whose limits pass `allows` (enterprise allows everything): "Starter and above may…". */
export function cheapestPlanWhere(allows: (limits: PlanLimits) => boolean): PlanId {
  return planIds.find((id) => allows(limitsByPlan[id])) ?? "enterprise";
}

export function planById(id: PlanId, settings: CatalogueSettings = settingsFromConfig()): Plan {
  const rank = planIds.indexOf(id);
  const prices: Price[] = [];
  if (id !== "enterprise") {
    for (const cycle of cycles) {
      for (const currency of currencies) {
        prices.push({ cycle, currency, amount: priceOf(id, cycle, currency, settings)! });
      }
    }
  }
  return {
    id,
    rank,
    status: statusOf(id, settings),
    name: texts[id].name,
    pitch: texts[id].pitch,
    prices,
    limits: limitsByPlan[id],
  };
}

/** Every plan, cheapest first. */
export function planCatalogue(settings: CatalogueSettings = settingsFromConfig()): Plan[] {
  return planIds.map((id) => planById(id, settings));
}

/** Whether an owner can buy this plan by themselves now (a paid plan on sale). */
export function isPurchasable(plan: PlanId, settings: CatalogueSettings = settingsFromConfig()): boolean {
  return plan !== "free" && statusOf(plan, settings) === "available";
}

/**
 * Whether any provider takes payments here: none on a production server others reach without provider
 * keys (lib/config.ts), whose paid plans then say so instead of offering a checkout.
 */
export function paymentsSetUp(): boolean {
  return config().PAYMENT_PROVIDERS.length > 0;
}

export function rankOf(plan: PlanId): number {
  return planIds.indexOf(plan);
}
