import "server-only";
import type { NoticeKind, SubscriptionStatus } from "@/lib/db/schema";
import { type Currency, type Cycle, periodEnd, proratedUpgrade, switchNowCharge } from "./money";
import type { PlanId } from "./plan-limits";
import { rankOf } from "./plans";

/**
 * The subscription life cycle (spec §3, §4) as pure functions: a state and an event in, the next state (or a
 * refusal with a stable reason) out. Callers persist the state; nothing here reads a clock or a database.
 *
 *   checkout ──► verifying ──► active ◄──────────────── renewal paid / retry paid
 *        └──────────────────────► │ renewal failed
 *                                 ▼
 *                             past_due ── retries at +1, +3, +5 days ──► expired (free limits)
 *   active + cancel ──► active (cancel_at_period_end) ── period ends ──► canceled (free limits)
 */

/** `none`: no subscription row, the free plan. */
export type MachineStatus = SubscriptionStatus | "none";

export type Notice = { readonly kind: NoticeKind; readonly at: Date };

export type MachineState = {
  readonly status: MachineStatus;
  readonly plan: PlanId;
  readonly cycle: Cycle | null;
  readonly currency: Currency | null;
  /** the price of the current period, minor units */
  readonly amount: number;
  readonly periodStart: Date | null;
  readonly periodEnd: Date | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly pendingPlan: PlanId | null;
  readonly pendingCycle: Cycle | null;
  readonly notice: Notice | null;
  readonly failedAttempts: number;
  readonly nextRetryAt: Date | null;
};

/** A period with nothing pending: no cancellation, no scheduled change, no notice, no failed renewal. */
function settled() {
  return {
    cancelAtPeriodEnd: false,
    pendingPlan: null,
    pendingCycle: null,
    notice: null,
    failedAttempts: 0,
    nextRetryAt: null,
  } satisfies Partial<MachineState>;
}

export const NONE: MachineState = Object.freeze({
  status: "none",
  plan: "free",
  cycle: null,
  currency: null,
  amount: 0,
  periodStart: null,
  periodEnd: null,
  ...settled(),
});

/** Days after the period's end at which a failed renewal is charged again; then the plan expires. */
export const RETRY_DAYS: readonly number[] = Object.freeze([1, 3, 5]);

const DAY_MS = 24 * 60 * 60 * 1000;

export type Purchase = { plan: PlanId; cycle: Cycle; currency: Currency; amount: number };

export type MachineEvent =
  /** a checkout's funds are not confirmed yet (bank transfer) */
  | ({ type: "checkout_verifying"; at: Date } & Purchase)
  | ({ type: "checkout_succeeded"; at: Date } & Purchase)
  /** the verifying checkout's funds never arrived, or were refused */
  | { type: "checkout_failed"; at: Date }
  /** the renewal of the current period was paid; `amount` is the new period's price */
  | { type: "renewal_succeeded"; at: Date; amount: number }
  | { type: "renewal_failed"; at: Date }
  | { type: "period_ended"; at: Date }
  | { type: "cancel"; at: Date }
  | { type: "resume"; at: Date }
  /** a plan change whose charge (if any) was paid: what `change_plan` decided to do at once */
  | {
      type: "change_paid";
      at: Date;
      plan: PlanId;
      cycle: Cycle;
      amount: number;
      periodStart: Date;
      periodEnd: Date;
    };

export type RefusalReason =
  | "already_subscribed"
  | "payment_in_progress"
  | "not_verifying"
  | "not_renewing"
  | "not_due"
  | "not_active"
  | "payment_failed"
  | "already_canceling"
  | "not_canceling"
  | "period_ended"
  | "canceling"
  | "same_plan"
  | "contact_sales"
  | "not_for_sale"
  | "use_cancel"
  | "upgrade_keeps_cycle";

export type Transition = { ok: true; state: MachineState } | { ok: false; reason: RefusalReason };

const ok = (state: MachineState): Transition => ({ ok: true, state });
const refuse = (reason: RefusalReason): Transition => ({ ok: false, reason });

/** Whether the owner gets the plan's limits: paid and current, or in the grace of a failed renewal's retries. */
export function isEntitled(state: MachineState, at: Date): boolean {
  if (state.status === "past_due") return true;
  if (state.status !== "active") return false;
  // A cancellation whose period has ended counts as ended even before the job that records it has run.
  return !(state.cancelAtPeriodEnd && state.periodEnd !== null && at >= state.periodEnd);
}

export function entitledPlan(state: MachineState, at: Date): PlanId {
  return isEntitled(state, at) ? state.plan : "free";
}

const startsFresh = (s: MachineStatus) =>
  s === "none" || s === "expired" || s === "canceled" || s === "incomplete";

function freshActive(state: MachineState, e: Purchase, at: Date): MachineState {
  return {
    ...state,
    status: "active",
    plan: e.plan,
    cycle: e.cycle,
    currency: e.currency,
    amount: e.amount,
    periodStart: at,
    periodEnd: periodEnd(at, e.cycle),
    ...settled(),
  };
}

export function transition(state: MachineState, event: MachineEvent): Transition {
  switch (event.type) {
    case "checkout_verifying": {
      if (state.status === "verifying") return refuse("payment_in_progress");
      if (!startsFresh(state.status)) return refuse("already_subscribed");
      return ok({
        ...NONE,
        status: "verifying",
        plan: event.plan,
        cycle: event.cycle,
        currency: event.currency,
        amount: event.amount,
        notice: { kind: "pending", at: event.at },
      });
    }
    case "checkout_succeeded": {
      if (!startsFresh(state.status) && state.status !== "verifying") return refuse("already_subscribed");
      return ok(freshActive(state, event, event.at));
    }
    case "checkout_failed": {
      if (state.status !== "verifying") return refuse("not_verifying");
      return ok({
        ...NONE,
        status: "incomplete",
        plan: state.plan,
        cycle: state.cycle,
        currency: state.currency,
      });
    }
    case "renewal_succeeded": {
      if (state.status !== "active" && state.status !== "past_due") return refuse("not_renewing");
      if (state.cancelAtPeriodEnd) return refuse("canceling");
      const start = state.periodEnd!;
      const cycle = state.pendingCycle ?? state.cycle!;
      // The new period starts where the old one ended, however late the payment: no period is skipped.
      return ok({
        ...state,
        status: "active",
        plan: state.pendingPlan ?? state.plan,
        cycle,
        amount: event.amount,
        periodStart: start,
        periodEnd: periodEnd(start, cycle),
        pendingPlan: null,
        pendingCycle: null,
        notice: null,
        failedAttempts: 0,
        nextRetryAt: null,
      });
    }
    case "renewal_failed": {
      if (state.status !== "active" && state.status !== "past_due") return refuse("not_renewing");
      if (state.cancelAtPeriodEnd) return refuse("canceling");
      const failed = state.failedAttempts + 1;
      if (failed > RETRY_DAYS.length) {
        return ok({
          ...state,
          status: "expired",
          notice: { kind: "expired", at: event.at },
          failedAttempts: failed,
          nextRetryAt: null,
          pendingPlan: null,
          pendingCycle: null,
        });
      }
      return ok({
        ...state,
        status: "past_due",
        notice:
          state.notice?.kind === "payment_failed" ? state.notice : { kind: "payment_failed", at: event.at },
        failedAttempts: failed,
        nextRetryAt: new Date(state.periodEnd!.getTime() + RETRY_DAYS[failed - 1]! * DAY_MS),
      });
    }
    case "period_ended": {
      if (state.status !== "active" || !state.cancelAtPeriodEnd) return refuse("not_due");
      if (state.periodEnd && event.at < state.periodEnd) return refuse("not_due");
      return ok({
        ...state,
        status: "canceled",
        cancelAtPeriodEnd: false,
        notice: { kind: "expired", at: state.periodEnd ?? event.at },
        pendingPlan: null,
        pendingCycle: null,
      });
    }
    case "cancel": {
      if (state.status === "past_due") return refuse("payment_failed");
      if (state.status !== "active") return refuse("not_active");
      if (state.cancelAtPeriodEnd) return refuse("already_canceling");
      return ok({ ...state, cancelAtPeriodEnd: true, pendingPlan: null, pendingCycle: null });
    }
    case "resume": {
      if (state.status !== "active") return refuse("not_active");
      if (!state.cancelAtPeriodEnd) return refuse("not_canceling");
      if (state.periodEnd && event.at >= state.periodEnd) return refuse("period_ended");
      return ok({ ...state, cancelAtPeriodEnd: false });
    }
    case "change_paid": {
      if (state.status !== "active") return refuse("not_active");
      return ok({
        ...state,
        plan: event.plan,
        cycle: event.cycle,
        amount: event.amount,
        periodStart: event.periodStart,
        periodEnd: event.periodEnd,
        pendingPlan: null,
        pendingCycle: null,
        cancelAtPeriodEnd: false,
      });
    }
  }
}

export type ChangeRequest = {
  plan: PlanId;
  cycle: Cycle;
  at: Date;
  /** the price of one period of (plan, cycle) in the subscription's currency; null = no list price */
  priceOf: (plan: PlanId, cycle: Cycle) => number | null;
  /** whether the plan is on sale now (not "coming soon") */
  purchasable: (plan: PlanId) => boolean;
};

export type ChangeDecision =
  | {
      ok: true;
      /** `now`: charge `charge`, then apply `apply` (a `change_paid` event) */
      timing: "now";
      charge: number;
      apply: Extract<MachineEvent, { type: "change_paid" }>;
    }
  | { ok: true; timing: "period_end"; state: MachineState }
  | { ok: false; reason: RefusalReason };

/**
 * What changing plan or cycle does (spec §3): a better plan takes effect at once, the difference for the rest
 * of the period charged by day; monthly → yearly starts a yearly period at once, the unused month credited;
 * a cheaper plan, or yearly → monthly, waits for the period's end (nothing is refunded). Choosing the current
 * plan and cycle again drops a waiting change.
 */
export function decideChange(state: MachineState, req: ChangeRequest): ChangeDecision {
  if (state.status === "past_due") return { ok: false, reason: "payment_failed" };
  if (state.status !== "active") return { ok: false, reason: "not_active" };
  if (state.cancelAtPeriodEnd) return { ok: false, reason: "canceling" };
  if (req.plan === "enterprise") return { ok: false, reason: "contact_sales" };
  if (req.plan === "free") return { ok: false, reason: "use_cancel" };
  const cycle = state.cycle!;
  if (req.plan === state.plan && req.cycle === cycle) {
    if (state.pendingPlan === null && state.pendingCycle === null) return { ok: false, reason: "same_plan" };
    return { ok: true, timing: "period_end", state: { ...state, pendingPlan: null, pendingCycle: null } };
  }
  if (req.plan !== state.plan && !req.purchasable(req.plan)) return { ok: false, reason: "not_for_sale" };
  const price = req.priceOf(req.plan, req.cycle);
  if (price === null) return { ok: false, reason: "contact_sales" };
  const up = rankOf(req.plan) > rankOf(state.plan);
  const down = rankOf(req.plan) < rankOf(state.plan);
  const period = { start: state.periodStart!, end: state.periodEnd! };

  if (cycle === "monthly" && req.cycle === "yearly" && !down) {
    return {
      ok: true,
      timing: "now",
      charge: switchNowCharge(price, state.amount, period, req.at),
      apply: {
        type: "change_paid",
        at: req.at,
        plan: req.plan,
        cycle: "yearly",
        amount: price,
        periodStart: req.at,
        periodEnd: periodEnd(req.at, "yearly"),
      },
    };
  }
  if (up && req.cycle === cycle) {
    return {
      ok: true,
      timing: "now",
      charge: proratedUpgrade(state.amount, price, period, req.at),
      apply: {
        type: "change_paid",
        at: req.at,
        plan: req.plan,
        cycle,
        amount: price,
        periodStart: period.start,
        periodEnd: period.end,
      },
    };
  }
  // A better plan billed monthly instead of yearly would need both "at once" and "at the period's end".
  if (up) return { ok: false, reason: "upgrade_keeps_cycle" };
  return {
    ok: true,
    timing: "period_end",
    state: {
      ...state,
      pendingPlan: req.plan === state.plan ? null : req.plan,
      pendingCycle: req.cycle === cycle ? null : req.cycle,
    },
  };
}
