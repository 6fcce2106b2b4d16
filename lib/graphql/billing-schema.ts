import "server-only";
import { currencies, cycles } from "@/lib/billing/money";
import { modelChoices } from "@/lib/billing/plan-limits";
import { planStatuses } from "@/lib/billing/plans";
import { payMethods } from "@/lib/billing/providers/choice";
import {
  invoiceKinds,
  invoiceStatuses,
  noticeKinds,
  paymentTokenStatuses,
  subscriptionStatuses,
} from "@/lib/db/schema";

/**
 * The billing GraphQL API (spec §5, BILL-1 … BILL-5; docs/billing.md). Money is an integer number of the
 * currency's minor unit (VND has none; USD in cents), dates are ISO 8601 strings, names and texts follow the
 * request's language. Everything but `plans` and `contact_sales` needs a signed-in owner ("Unauthorized").
 *
 * Output fields whose values are a closed set are enums (their values are the domain's own lists, so the API
 * cannot drift from the code that writes them); inputs stay String, so callers' `$cycle: String!` keeps
 * working, and the resolvers' zod contracts check them. The browser's types are generated from this
 * (`npm run graphql:types`, lib/client/billing-types.generated.ts).
 */
const values = (list: readonly string[]) => list.join(" ");

export const billingTypeDefs = /* GraphQL */ `
  enum Cycle { ${values(cycles)} }
  enum Currency { ${values(currencies)} }
  "available | coming_soon | contact_sales"
  enum PlanStatus { ${values(planStatuses)} }
  "default: the built-in mode and the default model; any: every configured model"
  enum ModelChoice { ${values(modelChoices)} }
  enum SubscriptionStatus { ${values(subscriptionStatuses)} }
  enum NoticeKind { ${values(noticeKinds)} }
  enum InvoiceStatus { ${values(invoiceStatuses)} }
  enum InvoiceKind { ${values(invoiceKinds)} }
  enum PaymentStatus { ${values(paymentTokenStatuses)} }
  "how a checkout is paid"
  enum PayMethod { ${values(payMethods)} }
  "active | expired (past its expiry date)"
  enum PaymentMethodState { active expired }
  "now: charged and applied at once; period_end: waits for the current period's end"
  enum ChangeTiming { now period_end }
  "the outcome of a plan change charged now"
  enum ChargeStatus { paid failed }
  "form: the sandbox's test cards (add_payment_method); hosted: the provider's page (start_card_setup); none: no provider keeps cards (transfers only); unavailable: payments are not set up"
  enum CardEntry { form hosted none unavailable }

  "A plan's price for one period of a cycle."
  type Price {
    "yearly = monthly × 12 × 0.8"
    cycle: Cycle!
    currency: Currency!
    "minor units"
    amount: Int!
  }

  type PlanLimits {
    monthly_messages: Int!
    documents_per_agent: Int!
    characters_per_agent: Int!
    characters_per_document: Int!
    crawl_pages_per_site: Int!
    files_per_upload: Int!
    max_file_bytes: Int!
    model_choice: ModelChoice!
    can_hide_branding: Boolean!
  }

  type Plan {
    "free | beginner | starter | business | enterprise"
    id: ID!
    name: String!
    pitch: String!
    status: PlanStatus!
    "free 0 … enterprise 4: a higher rank is an upgrade"
    rank: Int!
    "every cycle × currency; empty for enterprise (a quote)"
    prices: [Price!]!
    limits: PlanLimits!
  }

  type Notice {
    kind: NoticeKind!
    date: String!
  }

  type Subscription {
    status: SubscriptionStatus!
    cycle: Cycle
    currency: Currency
    "the current period's price, minor units"
    amount: Int!
    plan: Plan!
    "the plan whose limits apply now (free once expired or canceled)"
    limits_plan: ID!
    limits: PlanLimits!
    entitled: Boolean!
    current_period_start: String
    current_period_end: String
    cancel_at_period_end: Boolean!
    "a downgrade or cycle change waiting for the period's end"
    pending_plan: ID
    pending_cycle: Cycle
    "when and how much the next renewal charges; null when it will not renew"
    renewal_date: String
    renewal_amount: Int
    notice: Notice
    next_retry_at: String
    "the sandbox provider: every screen says Test mode"
    test_mode: Boolean!
    "the number of a renewal invoice waiting for a bank transfer (its page shows the QR); null otherwise"
    pay_by_transfer: String
  }

  "One line of an invoice in the request's language; the lines add up to the invoice's total."
  type InvoiceLine {
    description: String!
    "minor units; negative for a credit (the unused part of a plan changed during its period)"
    amount: Int!
  }

  type Invoice {
    id: ID!
    "AC-2026-000042"
    number: String!
    status: InvoiceStatus!
    kind: InvoiceKind!
    due_date: String!
    description: String!
    lines: [InvoiceLine!]!
    payment_method: String
    "the plan's name"
    plan: String!
    plan_id: ID!
    total: Int!
    currency: Currency!
    "the cycle billed"
    type: Cycle!
    period_start: String!
    period_end: String!
    issued_at: String!
    paid_at: String
  }

  type PaymentMethod {
    id: ID!
    brand: String!
    last4: String!
    exp_month: Int!
    exp_year: Int!
    is_default: Boolean!
    is_other: Boolean!
    state: PaymentMethodState!
  }

  input PaymentTokenInput {
    plan: ID!
    "monthly | yearly"
    cycle: String!
    "VND (default) | USD"
    currency: String
    "bank_transfer (VND's default where payOS is configured) | card"
    method: String
  }

  type PaymentToken {
    token: String!
    "where to send the owner to pay"
    checkout_url: String!
    expires_at: String!
  }

  type Payment {
    status: PaymentStatus!
    plan: ID!
    cycle: Cycle!
    amount: Int!
    currency: Currency!
    "the outcome for people, in the request's language"
    title: String!
    message: String!
    "the sandbox provider: the checkout page says Test mode"
    test_mode: Boolean!
    "what a partly paid bank transfer still owes, minor units (null: nothing known to be owed)"
    amount_due: Int
    "how this checkout is paid (Use another method offers the other)"
    method: PayMethod!
  }

  "What a plan change would do now, read before confirming it"
  type PlanChangePreview {
    timing: ChangeTiming!
    "charged now to the default payment method, minor units (0: nothing due)"
    charge: Int!
    currency: Currency!
    "when the new plan or cycle starts (ISO 8601)"
    effective_date: String!
    "the default payment method charged, e.g. Visa •••• 4242; null when nothing is charged"
    payment_method: String
  }

  type PlanChange {
    timing: ChangeTiming!
    "set when charged now; null when it waits for the period's end"
    status: ChargeStatus
    invoice: Invoice
    subscription: Subscription
  }

  "A card for the sandbox provider (test cards in docs/billing.md); real providers collect cards on their own page."
  input CardInput {
    card_number: String!
    exp_month: Int!
    exp_year: Int!
    cvc: String!
  }

  input ContactSalesInput {
    name: String!
    email: String!
    company: String
    message: String!
  }

  extend type Query {
    plans: [Plan!]!
    "null while the owner has never subscribed (the free plan)"
    subscription: Subscription
    "newest first, 20 at a time; the next page starts after last_id"
    invoices(last_id: ID): [Invoice!]!
    invoice(id: ID!): Invoice
    "with refresh, the cards are first read again from the provider (back from its card page; its event may not be processed yet)"
    payment_methods(refresh: Boolean): [PaymentMethod!]!
    "how a card is added (see CardEntry)"
    card_entry: CardEntry!
    "the owner's own checkout only; without a token, the one in the payment_token cookie"
    payment(token: String): Payment
    "what change_plan would do now (a refusal answers the same translated error change_plan would)"
    plan_change_preview(plan: ID!, cycle: String!): PlanChangePreview!
  }

  extend type Mutation {
    "also sets the HttpOnly payment_token cookie for 15 minutes"
    create_payment_token(input: PaymentTokenInput!): PaymentToken!
    "clears the payment_token cookie once the outcome is final; with a token, only while the cookie still holds that one (a late call must not clear a newer checkout's)"
    drop_payment_token(token: String): Boolean!
    change_plan(plan: ID!, cycle: String!): PlanChange!
    cancel_subscription: Subscription!
    resume_subscription: Subscription!
    add_payment_method(input: CardInput!): PaymentMethod!
    "a real provider's hosted page where the owner saves a card (Stripe Checkout, setup mode); returns its URL. The card appears in payment_methods once the provider's event arrives. The sandbox answers not_found (use add_payment_method)"
    start_card_setup: String!
    set_default_payment_method(id: ID!): [PaymentMethod!]!
    delete_payment_method(id: ID!): [PaymentMethod!]!
    contact_sales(input: ContactSalesInput!): Boolean!
  }
`;
