import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import type { PaymentView } from "./checkout";
import { linesOf, lineText } from "./invoice-lines";
import type { InvoiceRow } from "./invoices";
import type { MethodRow } from "./methods";
import type { Currency, Cycle } from "./money";
import { plans as limitsByPlan, type PlanId, type PlanLimits } from "./plan-limits";
import { type Plan, planById, priceOf } from "./plans";
import { entitledPlan, isEntitled } from "./subscription-machine";
import { type SubscriptionRow, stateOf } from "./subscriptions";

/**
 * Billing as the GraphQL API shows it (spec §5): snake_case like `profile`, money as integer minor units
 * beside its currency, dates as ISO strings, names and texts in the request's language.
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export type LimitsView = {
  monthly_messages: number;
  documents_per_agent: number;
  characters_per_agent: number;
  characters_per_document: number;
  crawl_pages_per_site: number;
  files_per_upload: number;
  max_file_bytes: number;
  model_choice: string;
  can_hide_branding: boolean;
};

export function limitsView(l: PlanLimits): LimitsView {
  return {
    monthly_messages: l.monthlyMessages,
    documents_per_agent: l.documentsPerAgent,
    characters_per_agent: l.charactersPerAgent,
    characters_per_document: l.charactersPerDocument,
    crawl_pages_per_site: l.crawlPagesPerSite,
    files_per_upload: l.maxFilesPerUpload,
    max_file_bytes: l.maxFileBytes,
    model_choice: l.modelChoice,
    can_hide_branding: l.canHideBranding,
  };
}

export function planView(plan: Plan, locale: Locale) {
  return {
    id: plan.id,
    name: plan.name[locale],
    pitch: plan.pitch[locale],
    status: plan.status,
    rank: plan.rank,
    prices: plan.prices.map((p) => ({ cycle: p.cycle, currency: p.currency, amount: p.amount })),
    limits: limitsView(plan.limits),
  };
}
export type PlanView = ReturnType<typeof planView>;

export function subscriptionView(row: SubscriptionRow, locale: Locale, testMode: boolean, now = new Date()) {
  const state = stateOf(row);
  const entitled = isEntitled(state, now);
  const nextPlan = (row.pendingPlan ?? row.plan) as PlanId;
  const nextCycle = (row.pendingCycle ?? row.cycle) as Cycle;
  const renews = entitled && !row.cancelAtPeriodEnd && row.status !== "verifying";
  return {
    status: row.status,
    cycle: row.cycle,
    currency: row.currency,
    amount: row.amount,
    plan: planView(planById(row.plan as PlanId), locale),
    /** the plan whose limits apply now: the paid one while entitled, otherwise free */
    limits_plan: entitledPlan(state, now),
    limits: limitsView(limitsByPlan[entitledPlan(state, now)]),
    entitled,
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    pending_plan: row.pendingPlan,
    pending_cycle: row.pendingCycle,
    renewal_date: renews ? iso(row.currentPeriodEnd) : null,
    renewal_amount: renews ? (priceOf(nextPlan, nextCycle, row.currency as Currency) ?? null) : null,
    notice:
      row.noticeKind && row.noticeAt ? { kind: row.noticeKind, date: row.noticeAt.toISOString() } : null,
    next_retry_at: iso(row.nextRetryAt),
    test_mode: testMode,
  };
}

export function invoiceView(row: InvoiceRow, locale: Locale) {
  const plan = planById(row.plan as PlanId);
  const cycle = row.cycle === "yearly" ? "yearly" : "monthly";
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    kind: row.kind,
    due_date: row.dueDate.toISOString(),
    description: translate(locale, `billingApi.invoice.${row.kind}`, {
      plan: plan.name[locale],
      cycle: translate(locale, `billingApi.cycle.${cycle}`),
    }),
    lines: linesOf(row).map((line) => ({ description: lineText(line, locale), amount: line.amount })),
    payment_method: row.paymentMethodLabel,
    plan: plan.name[locale],
    plan_id: plan.id,
    total: row.total,
    currency: row.currency,
    type: cycle,
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    issued_at: row.insertedAt.toISOString(),
    paid_at: iso(row.paidAt),
  };
}

export function methodView(row: MethodRow) {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    is_default: row.isDefault,
    // Cards are the only saved methods today; a wallet or bank account from a real provider is "other".
    is_other: false,
    state: row.state === "expired" ? "expired" : "active",
  };
}

/** `payment(token)`, with the outcome's title and message for the page (BILL-4) in the caller's language. */
export function paymentView(p: PaymentView, locale: Locale) {
  return {
    ...p,
    title: translate(locale, `billingApi.payment.${p.status}.title`),
    message: translate(locale, `billingApi.payment.${p.status}.message`),
  };
}
