/**
 * Every GraphQL operation the billing client sends, keyed by its operation name. `npm run graphql:types`
 * (scripts/graphql-types.ts) validates each against the schema (lib/graphql) and writes their result and
 * variables types to ./billing-types.generated.ts; lib/client/billing.ts sends them by name.
 */
export const billingOperations = {
  Payment: /* GraphQL */ `query Payment($token: String!) {
  payment(token: $token) { status plan cycle amount currency amount_due method }
}`,
  CreatePaymentToken: /* GraphQL */ `mutation CreatePaymentToken($input: PaymentTokenInput!) {
  create_payment_token(input: $input) { token checkout_url }
}`,
  DropPaymentToken: /* GraphQL */ `mutation DropPaymentToken($token: String) { drop_payment_token(token: $token) }`,
  InvoiceStatus: /* GraphQL */ `query InvoiceStatus($id: ID!) { invoice(id: $id) { status } }`,
  ContactSales: /* GraphQL */ `mutation ContactSales($input: ContactSalesInput!) {
  contact_sales(input: $input)
}`,
  Subscription: /* GraphQL */ `query Subscription {
  subscription {
    status cycle currency amount current_period_end cancel_at_period_end renewal_date renewal_amount test_mode
    pay_by_transfer pending_cycle
    plan { id name }
    notice { kind date }
  }
}`,
  Invoices: /* GraphQL */ `query Invoices($last_id: ID) {
  invoices(last_id: $last_id) { id number status due_date lines { description amount } payment_method plan total currency type }
}`,
  PaymentMethods: /* GraphQL */ `query PaymentMethods($refresh: Boolean) {
  payment_methods(refresh: $refresh) { id brand last4 exp_month exp_year is_default is_other state }
}`,
  CardEntry: /* GraphQL */ `query CardEntry { card_entry }`,
  StartCardSetup: /* GraphQL */ `mutation StartCardSetup { start_card_setup }`,
  AddPaymentMethod: /* GraphQL */ `mutation AddPaymentMethod($input: CardInput!) {
  add_payment_method(input: $input) { id }
}`,
  SetDefaultPaymentMethod: /* GraphQL */ `mutation SetDefaultPaymentMethod($id: ID!) {
  set_default_payment_method(id: $id) { id }
}`,
  DeletePaymentMethod: /* GraphQL */ `mutation DeletePaymentMethod($id: ID!) {
  delete_payment_method(id: $id) { id }
}`,
  ChangePlan: /* GraphQL */ `mutation ChangePlan($plan: ID!, $cycle: String!) {
  change_plan(plan: $plan, cycle: $cycle) { timing status subscription { current_period_end } }
}`,
  PreviewChange: /* GraphQL */ `query PreviewChange($plan: ID!, $cycle: String!) {
  plan_change_preview(plan: $plan, cycle: $cycle) { timing charge currency effective_date payment_method }
}`,
  CancelSubscription: /* GraphQL */ `mutation CancelSubscription { cancel_subscription { status } }`,
  ResumeSubscription: /* GraphQL */ `mutation ResumeSubscription { resume_subscription { status } }`,
} satisfies Record<string, string>;
