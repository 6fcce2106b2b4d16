import { api, type RequestOptions } from "@/lib/client/api";
import { contracts } from "@/lib/contracts/client";
import { billingOperations } from "./billing-operations";
import type {
  BillingOperations,
  CardInput,
  ContactSalesInput,
  Currency,
  Cycle,
  InvoicesQuery,
  PayMethod,
  PaymentMethodsQuery,
  PaymentQuery,
  PaymentTokenInput,
  PreviewChangeQuery,
  SubscriptionQuery,
} from "./billing-types.generated";

/**
 * The billing GraphQL API as the browser sees it (issue 15 §5), for the marketing pages (no query cache
 * there) and the owner's billing page alike. Names follow the schema, snake_case; the operations are
 * ./billing-operations.ts and their types are generated from the schema (`npm run graphql:types`).
 */

export type {
  CardEntry,
  CardInput,
  ChargeStatus,
  Currency,
  Cycle,
  PayMethod,
  PaymentStatus,
} from "./billing-types.generated";

/** The answers' shapes by the names the pages use, as generated from the schema. */
export type Payment = NonNullable<PaymentQuery["payment"]>;
export type Subscription = NonNullable<SubscriptionQuery["subscription"]>;
export type Notice = NonNullable<Subscription["notice"]>;
export type Invoice = InvoicesQuery["invoices"][number];
export type PaymentMethod = PaymentMethodsQuery["payment_methods"][number];
export type ChangePreview = PreviewChangeQuery["plan_change_preview"];

/** The schema takes any string for these (callers of the API may); the pages send only the closed sets. */
type Checkout = PaymentTokenInput & { cycle: Cycle; currency: Currency; method?: PayMethod };

/** Sends one of ./billing-operations.ts by name, typed as the schema says it answers and takes. */
function run<K extends keyof BillingOperations>(
  name: K,
  variables: BillingOperations[K]["variables"],
  opts?: RequestOptions,
): Promise<BillingOperations[K]["result"]> {
  return api.graphql<BillingOperations[K]["result"]>(billingOperations[name], variables, opts);
}

export const billingApi = {
  payment: async (token: string, opts?: RequestOptions) => (await run("Payment", { token }, opts)).payment,
  invoiceStatus: async (id: string, opts?: RequestOptions) =>
    (await run("InvoiceStatus", { id }, opts)).invoice?.status ?? null,
  createPaymentToken: async (input: Checkout) =>
    (await run("CreatePaymentToken", { input })).create_payment_token,
  dropPaymentToken: (token?: string) =>
    run("DropPaymentToken", { token: token ?? null }).then(() => undefined),
  contactSales: (input: ContactSalesInput) => run("ContactSales", { input }).then(() => undefined),
  subscription: async (opts?: RequestOptions) => (await run("Subscription", {}, opts)).subscription,
  invoices: async (lastId?: string, opts?: RequestOptions) =>
    (await run("Invoices", { last_id: lastId ?? null }, opts)).invoices,
  /** `refresh`: read again from the provider first (back from its card page). */
  paymentMethods: async (opts?: RequestOptions & { refresh?: boolean }) =>
    (await run("PaymentMethods", { refresh: opts?.refresh ?? false }, opts)).payment_methods,
  /**
   * "form": the sandbox's card form; "hosted": the provider's own page (start_card_setup); "none": no
   * provider keeps cards (transfers only); "unavailable": payments are not set up at all.
   */
  cardEntry: async (opts?: RequestOptions) => (await run("CardEntry", {}, opts)).card_entry,
  startCardSetup: async () => (await run("StartCardSetup", {})).start_card_setup,
  addPaymentMethod: (input: CardInput) => run("AddPaymentMethod", { input }).then(() => undefined),
  setDefaultPaymentMethod: (id: string) => run("SetDefaultPaymentMethod", { id }).then(() => undefined),
  deletePaymentMethod: (id: string) => run("DeletePaymentMethod", { id }).then(() => undefined),
  changePlan: async (plan: string, cycle: Cycle) => (await run("ChangePlan", { plan, cycle })).change_plan,
  previewChange: async (plan: string, cycle: Cycle) =>
    (await run("PreviewChange", { plan, cycle })).plan_change_preview,
  cancelSubscription: () => run("CancelSubscription", {}).then(() => undefined),
  resumeSubscription: () => run("ResumeSubscription", {}).then(() => undefined),
  /** The sandbox's own "Pay" (test mode only): a card, or a bank transfer left verifying. */
  sandboxPay: (body: { token: string } & (CardInput | { method: "bank_transfer" }), locale: string) =>
    api.call(contracts.sandboxPay, { body, query: { locale } }),
  /** The sandbox's "funds arrive" for a bank transfer left verifying (test mode only). */
  sandboxSettle: (body: { token: string }) => api.call(contracts.sandboxSettle, { body }),
};

/**
 * Sends the owner to a checkout. The built-in sandbox's page is ours: it opens in the page's language on
 * this origin (the cookies are this origin's); a real provider's page is opened as given.
 */
export function goToCheckout(checkoutUrl: string, locale: string, params: Record<string, string> = {}): void {
  const url = new URL(checkoutUrl, window.location.href);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const ours = url.pathname.match(/^\/[a-z]{2}(\/billing\/checkout\/[^/]+)$/);
  window.location.assign(ours ? `/${locale}${ours[1]}${url.search}` : url.toString());
}

/** A price as people read it; amounts are minor units (VND has none, USD has cents). */
export function formatAmount(amount: number, currency: Currency, locale: string): string {
  const digits = currency === "USD" ? 2 : 0;
  return new Intl.NumberFormat(locale === "vi" ? "vi-VN" : "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

/** A date of the API (ISO) as a day in the page's language. */
export function formatDay(iso: string | null | undefined, locale: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : "en-GB", { dateStyle: "long" }).format(d);
}

/** "12/34", "1234", "12 / 2034" → month and four-digit year, or null. */
export function parseExpiry(text: string): { exp_month: number; exp_year: number } | null {
  const m = text.replace(/\s/g, "").match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { exp_month: month, exp_year: year } : null;
}
