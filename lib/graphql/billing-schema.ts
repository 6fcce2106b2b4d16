import "server-only";

/**
 * The billing GraphQL API (spec §5, BILL-1 … BILL-5; docs/billing.md). Money is an integer number of the
 * currency's minor unit (VND has none; USD in cents), dates are ISO 8601 strings, names and texts follow the
 * request's language. Everything but `plans` and `contact_sales` needs a signed-in owner ("Unauthorized").
 */
export const billingTypeDefs = /* GraphQL */ `
  "A plan's price for one period of a cycle."
  type Price {
    "monthly | yearly (yearly = monthly × 12 × 0.8)"
    cycle: String!
    "VND | USD"
    currency: String!
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
    "default (built-in mode and the default model) | any"
    model_choice: String!
    can_hide_branding: Boolean!
  }

  type Plan {
    "free | beginner | starter | business | enterprise"
    id: ID!
    name: String!
    pitch: String!
    "available | coming_soon | contact_sales"
    status: String!
    "free 0 … enterprise 4: a higher rank is an upgrade"
    rank: Int!
    "every cycle × currency; empty for enterprise (a quote)"
    prices: [Price!]!
    limits: PlanLimits!
  }

  type Notice {
    "pending | expired | payment_failed"
    kind: String!
    date: String!
  }

  type Subscription {
    "verifying | active | past_due | expired | canceled | incomplete"
    status: String!
    cycle: String
    currency: String
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
    pending_cycle: String
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

  type Invoice {
    id: ID!
    "AC-2026-000042"
    number: String!
    "upcoming | paid | failed | void"
    status: String!
    "checkout | renewal | change"
    kind: String!
    due_date: String!
    description: String!
    payment_method: String
    "the plan's name"
    plan: String!
    plan_id: ID!
    total: Int!
    currency: String!
    "monthly | yearly"
    type: String!
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
    "active | expired"
    state: String!
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
    "pending | succeeded | failed | verifying | expired"
    status: String!
    plan: ID!
    cycle: String!
    amount: Int!
    currency: String!
    "the outcome for people, in the request's language"
    title: String!
    message: String!
    "the sandbox provider: the checkout page says Test mode"
    test_mode: Boolean!
    "what a partly paid bank transfer still owes, minor units (null: nothing known to be owed)"
    amount_due: Int
    "card | bank_transfer: how this checkout is paid (Use another method offers the other)"
    method: String!
  }

  "What a plan change would do now, read before confirming it"
  type PlanChangePreview {
    "now | period_end"
    timing: String!
    "charged now to the default payment method, minor units (0: nothing due)"
    charge: Int!
    currency: String!
    "when the new plan or cycle starts (ISO 8601)"
    effective_date: String!
    "the default payment method charged, e.g. Visa •••• 4242; null when nothing is charged"
    payment_method: String
  }

  type PlanChange {
    "now | period_end"
    timing: String!
    "paid | failed when charged now; null when it waits for the period's end"
    status: String
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
    "how a card is added: form (the sandbox's test cards, add_payment_method) or hosted (start_card_setup's page)"
    card_entry: String!
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
