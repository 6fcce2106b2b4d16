import { api, type RequestOptions } from "@/lib/client/api";
import { contracts } from "@/lib/contracts/client";

/**
 * The billing GraphQL API as the browser sees it (issue 15 §5), for the marketing pages (no query cache
 * there) and the owner's billing page alike. Names follow the schema, snake_case.
 */

export type Cycle = "monthly" | "yearly";
export type Currency = "VND" | "USD";
export type PaymentStatus = "pending" | "succeeded" | "failed" | "verifying" | "expired";

export type Payment = {
  status: PaymentStatus;
  plan: string;
  cycle: Cycle;
  amount: number;
  currency: Currency;
  /** what a partly paid transfer still owes */
  amount_due?: number | null;
  method?: "card" | "bank_transfer";
};

export type Notice = { kind: "pending" | "expired" | "payment_failed"; date: string | null };

export type Subscription = {
  status: string;
  cycle: Cycle | null;
  currency: Currency | null;
  /** the current period's price, minor units */
  amount: number;
  plan: { id: string; name: string };
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  /** when and how much the next renewal charges; null when it will not renew */
  renewal_date: string | null;
  renewal_amount: number | null;
  notice: Notice | null;
  test_mode: boolean;
  /** a renewal invoice's number waiting for a bank transfer */
  pay_by_transfer?: string | null;
};

export type Invoice = {
  id: string;
  number: string;
  status: string;
  due_date: string;
  description: string;
  payment_method: string | null;
  /** the plan's name */
  plan: string;
  total: number;
  currency: Currency;
  type: Cycle;
};

export type PaymentMethod = {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  is_other: boolean;
  state: "active" | "expired";
};

export type ChangePreview = {
  timing: "now" | "period_end";
  charge: number;
  currency: Currency;
  effective_date: string;
  payment_method: string | null;
};

export type CardInput = { card_number: string; exp_month: number; exp_year: number; cvc: string };

const PAYMENT = /* GraphQL */ `query Payment($token: String!) {
  payment(token: $token) { status plan cycle amount currency amount_due method }
}`;
const CREATE_TOKEN = /* GraphQL */ `mutation CreatePaymentToken($input: PaymentTokenInput!) {
  create_payment_token(input: $input) { token checkout_url }
}`;
const DROP_TOKEN = /* GraphQL */ `mutation DropPaymentToken($token: String) { drop_payment_token(token: $token) }`;
const INVOICE_STATUS = /* GraphQL */ `query InvoiceStatus($id: ID!) { invoice(id: $id) { status } }`;
const CONTACT_SALES = /* GraphQL */ `mutation ContactSales($input: ContactSalesInput!) {
  contact_sales(input: $input)
}`;
const SUBSCRIPTION = /* GraphQL */ `query {
  subscription {
    status cycle currency amount current_period_end cancel_at_period_end renewal_date renewal_amount test_mode
    pay_by_transfer
    plan { id name }
    notice { kind date }
  }
}`;
const INVOICES = /* GraphQL */ `query Invoices($last_id: ID) {
  invoices(last_id: $last_id) { id number status due_date description payment_method plan total currency type }
}`;
const METHODS = /* GraphQL */ `query Methods($refresh: Boolean) {
  payment_methods(refresh: $refresh) { id brand last4 exp_month exp_year is_default is_other state }
}`;
const CARD_ENTRY = /* GraphQL */ `query { card_entry }`;
const START_CARD_SETUP = /* GraphQL */ `mutation { start_card_setup }`;
const ADD_METHOD = /* GraphQL */ `mutation AddPaymentMethod($input: CardInput!) {
  add_payment_method(input: $input) { id }
}`;
const SET_DEFAULT = /* GraphQL */ `mutation SetDefault($id: ID!) { set_default_payment_method(id: $id) { id } }`;
const DELETE_METHOD = /* GraphQL */ `mutation DeleteMethod($id: ID!) { delete_payment_method(id: $id) { id } }`;
const CHANGE_PLAN = /* GraphQL */ `mutation ChangePlan($plan: ID!, $cycle: String!) {
  change_plan(plan: $plan, cycle: $cycle) { timing status subscription { current_period_end } }
}`;
const PREVIEW_CHANGE = /* GraphQL */ `query PreviewChange($plan: ID!, $cycle: String!) {
  plan_change_preview(plan: $plan, cycle: $cycle) { timing charge currency effective_date payment_method }
}`;
const CANCEL = /* GraphQL */ `mutation { cancel_subscription { status } }`;
const RESUME = /* GraphQL */ `mutation { resume_subscription { status } }`;

export const billingApi = {
  payment: async (token: string, opts?: RequestOptions) =>
    (await api.graphql<{ payment: Payment | null }>(PAYMENT, { token }, opts)).payment,
  invoiceStatus: async (id: string, opts?: RequestOptions) =>
    (await api.graphql<{ invoice: { status: string } | null }>(INVOICE_STATUS, { id }, opts)).invoice
      ?.status ?? null,
  createPaymentToken: async (input: {
    plan: string;
    cycle: Cycle;
    currency: Currency;
    method?: "card" | "bank_transfer";
  }) =>
    (
      await api.graphql<{ create_payment_token: { token: string; checkout_url: string } }>(CREATE_TOKEN, {
        input,
      })
    ).create_payment_token,
  dropPaymentToken: (token?: string) =>
    api.graphql(DROP_TOKEN, { token: token ?? null }).then(() => undefined),
  contactSales: (input: { name: string; email: string; company: string; message: string }) =>
    api.graphql(CONTACT_SALES, { input }).then(() => undefined),
  subscription: async (opts?: RequestOptions) =>
    (await api.graphql<{ subscription: Subscription | null }>(SUBSCRIPTION, {}, opts)).subscription,
  invoices: async (lastId?: string, opts?: RequestOptions) =>
    (await api.graphql<{ invoices: Invoice[] }>(INVOICES, { last_id: lastId ?? null }, opts)).invoices,
  /** `refresh`: read again from the provider first (back from its card page). */
  paymentMethods: async (opts?: RequestOptions & { refresh?: boolean }) =>
    (
      await api.graphql<{ payment_methods: PaymentMethod[] }>(
        METHODS,
        { refresh: opts?.refresh ?? false },
        opts,
      )
    ).payment_methods,
  /**
   * "form": the sandbox's card form; "hosted": the provider's own page (start_card_setup); "none": no
   * provider keeps cards (transfers only); "unavailable": payments are not set up at all.
   */
  cardEntry: async (opts?: RequestOptions) =>
    (await api.graphql<{ card_entry: "form" | "hosted" | "none" | "unavailable" }>(CARD_ENTRY, {}, opts))
      .card_entry,
  startCardSetup: async () =>
    (await api.graphql<{ start_card_setup: string }>(START_CARD_SETUP)).start_card_setup,
  addPaymentMethod: (input: CardInput) => api.graphql(ADD_METHOD, { input }).then(() => undefined),
  setDefaultPaymentMethod: (id: string) => api.graphql(SET_DEFAULT, { id }).then(() => undefined),
  deletePaymentMethod: (id: string) => api.graphql(DELETE_METHOD, { id }).then(() => undefined),
  changePlan: async (plan: string, cycle: Cycle) =>
    (
      await api.graphql<{
        change_plan: {
          timing: "now" | "period_end";
          status: "paid" | "failed" | null;
          subscription: { current_period_end: string | null } | null;
        };
      }>(CHANGE_PLAN, { plan, cycle })
    ).change_plan,
  previewChange: async (plan: string, cycle: Cycle) =>
    (await api.graphql<{ plan_change_preview: ChangePreview }>(PREVIEW_CHANGE, { plan, cycle }))
      .plan_change_preview,
  cancelSubscription: () => api.graphql(CANCEL).then(() => undefined),
  resumeSubscription: () => api.graphql(RESUME).then(() => undefined),
  /** The sandbox's own "Pay" (test mode only): a card, or a bank transfer left verifying. */
  sandboxPay: (body: { token: string } & (CardInput | { method: "bank_transfer" }), locale: string) =>
    api.call(contracts.sandboxPay, { body, query: { locale } }),
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
