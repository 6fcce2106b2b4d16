/** A plan card of the pricing page, everything already in the page's language and currency. */
export type PricingPlan = {
  id: string;
  name: string;
  pitch: string;
  status: "available" | "coming_soon" | "contact_sales";
  free: boolean;
  /** prices as text; null for a plan without a list price (enterprise) */
  monthly: string | null;
  yearlyPerMonth: string | null;
  yearly: string | null;
  /** the plan's limits in plain words */
  limits: string[];
};

export type PricingCycle = "monthly" | "yearly";

/** The signed-in owner's plan on the pricing page. */
export type CurrentPlan = {
  plan: string;
  /** the running subscription's cycle; null on the free plan */
  cycle: PricingCycle | null;
  /** a cycle switch waiting for the period's end (yearly → monthly); null when none */
  pendingCycle: PricingCycle | null;
  /** the currency the owner is billed in (any subscription, running or not); null when never billed */
  currency: "VND" | "USD" | null;
  /** a choice is a change of the running subscription (confirmed, charged to the saved card), not a checkout */
  changes: boolean;
};

/** Where a signed-out visitor returns after signing in: the pricing page with the same choice. */
export function pricingReturnPath(plan: string, cycle: PricingCycle, currency?: string): string {
  return `/pricing?${new URLSearchParams({ plan, cycle, continue: "1", ...(currency ? { currency } : {}) })}`;
}

/** The plan a sign-in started from /pricing is for (the `plan` of pricingReturnPath), if `next` is one. */
export function planOfReturnPath(next: string | undefined): string | undefined {
  if (!next) return undefined;
  const url = new URL(next, "http://return.invalid");
  return url.pathname === "/pricing" ? (url.searchParams.get("plan") ?? undefined) : undefined;
}

/** A path the sign-in may send people on to: one of ours, never another site ("//x", "/\\x"). */
export function safeNextPath(next: unknown): string | undefined {
  if (typeof next !== "string" || next.length > 300) return undefined;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return undefined;
  // Browsers drop tabs and newlines from URLs and read a backslash as a slash: "/\t/x.com" is "//x.com".
  for (const ch of next) if (ch < " " || ch === "\u007f" || ch === "\\") return undefined;
  return next;
}

/** A usage meter of the billing overview: used against the plan's limit. */
export type UsageMeterView = { key: "messages" | "documents" | "characters"; used: number; limit: number };

/** The billing page's tabs, in order; the first is the default (no ?tab=). */
export const billingTabs = ["overview", "methods", "invoices"] as const;
export type BillingTab = (typeof billingTabs)[number];
