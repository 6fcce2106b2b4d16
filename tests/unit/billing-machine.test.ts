import { describe, expect, it } from "vitest";
import { periodEnd } from "@/lib/billing/money";
import type { PlanId } from "@/lib/billing/plan-limits";
import { type CatalogueSettings, priceOf } from "@/lib/billing/plans";
import {
  type ChangeRequest,
  decideChange,
  entitledPlan,
  isEntitled,
  type MachineEvent,
  type MachineState,
  NONE,
  RETRY_DAYS,
  type RefusalReason,
  transition,
} from "@/lib/billing/subscription-machine";

const t0 = new Date("2026-03-01T00:00:00Z");
const end = new Date("2026-04-01T00:00:00Z");
const later = (days: number) => new Date(t0.getTime() + days * 86_400_000);
const purchase = {
  plan: "starter" as PlanId,
  cycle: "monthly" as const,
  currency: "VND" as const,
  amount: 499_000,
};

const active: MachineState = {
  ...NONE,
  status: "active",
  ...purchase,
  periodStart: t0,
  periodEnd: end,
};
const states: Record<string, MachineState> = {
  none: NONE,
  verifying: { ...NONE, status: "verifying", ...purchase, notice: { kind: "pending", at: t0 } },
  active,
  canceling: { ...active, cancelAtPeriodEnd: true },
  past_due: {
    ...active,
    status: "past_due",
    failedAttempts: 1,
    nextRetryAt: later(32),
    notice: { kind: "payment_failed", at: end },
  },
  expired: { ...active, status: "expired", notice: { kind: "expired", at: later(36) } },
  canceled: { ...active, status: "canceled", notice: { kind: "expired", at: end } },
  incomplete: { ...NONE, status: "incomplete", ...purchase },
};

const events: Record<string, MachineEvent> = {
  checkout_verifying: { type: "checkout_verifying", at: later(40), ...purchase },
  checkout_succeeded: { type: "checkout_succeeded", at: later(40), ...purchase },
  checkout_failed: { type: "checkout_failed", at: later(40) },
  renewal_succeeded: { type: "renewal_succeeded", at: end, amount: 499_000 },
  renewal_failed: { type: "renewal_failed", at: end },
  period_ended: { type: "period_ended", at: end },
  cancel: { type: "cancel", at: later(10) },
  resume: { type: "resume", at: later(10) },
  change_paid: {
    type: "change_paid",
    at: later(10),
    plan: "business",
    cycle: "monthly",
    amount: 1_990_000,
    periodStart: t0,
    periodEnd: end,
  },
};

/** Every (state, event): the status it leads to, or the reason it is refused. */
const expected: Record<string, Record<string, string>> = {
  checkout_verifying: {
    none: "verifying",
    verifying: "!payment_in_progress",
    active: "!already_subscribed",
    canceling: "!already_subscribed",
    past_due: "!already_subscribed",
    expired: "verifying",
    canceled: "verifying",
    incomplete: "verifying",
  },
  checkout_succeeded: {
    none: "active",
    verifying: "active",
    active: "!already_subscribed",
    canceling: "!already_subscribed",
    past_due: "!already_subscribed",
    expired: "active",
    canceled: "active",
    incomplete: "active",
  },
  checkout_failed: {
    none: "!not_verifying",
    verifying: "incomplete",
    active: "!not_verifying",
    canceling: "!not_verifying",
    past_due: "!not_verifying",
    expired: "!not_verifying",
    canceled: "!not_verifying",
    incomplete: "!not_verifying",
  },
  renewal_succeeded: {
    none: "!not_renewing",
    verifying: "!not_renewing",
    active: "active",
    canceling: "!canceling",
    past_due: "active",
    expired: "!not_renewing",
    canceled: "!not_renewing",
    incomplete: "!not_renewing",
  },
  renewal_failed: {
    none: "!not_renewing",
    verifying: "!not_renewing",
    active: "past_due",
    canceling: "!canceling",
    past_due: "past_due",
    expired: "!not_renewing",
    canceled: "!not_renewing",
    incomplete: "!not_renewing",
  },
  period_ended: {
    none: "!not_due",
    verifying: "!not_due",
    active: "!not_due",
    canceling: "canceled",
    past_due: "!not_due",
    expired: "!not_due",
    canceled: "!not_due",
    incomplete: "!not_due",
  },
  cancel: {
    none: "!not_active",
    verifying: "!not_active",
    active: "active",
    canceling: "!already_canceling",
    past_due: "!payment_failed",
    expired: "!not_active",
    canceled: "!not_active",
    incomplete: "!not_active",
  },
  resume: {
    none: "!not_active",
    verifying: "!not_active",
    active: "!not_canceling",
    canceling: "active",
    past_due: "!not_active",
    expired: "!not_active",
    canceled: "!not_active",
    incomplete: "!not_active",
  },
  change_paid: {
    none: "!not_active",
    verifying: "!not_active",
    active: "active",
    canceling: "active",
    past_due: "!not_active",
    expired: "!not_active",
    canceled: "!not_active",
    incomplete: "!not_active",
  },
};

describe("the subscription machine", () => {
  for (const [eventName, row] of Object.entries(expected)) {
    for (const [stateName, outcome] of Object.entries(row)) {
      it(`${stateName} + ${eventName} → ${outcome.startsWith("!") ? `refused (${outcome.slice(1)})` : outcome}`, () => {
        const result = transition(states[stateName]!, events[eventName]!);
        if (outcome.startsWith("!")) {
          expect(result).toEqual({ ok: false, reason: outcome.slice(1) });
        } else {
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.state.status).toBe(outcome);
        }
      });
    }
  }

  it("covers every event and every state", () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(events).sort());
    for (const row of Object.values(expected))
      expect(Object.keys(row).sort()).toEqual(Object.keys(states).sort());
  });

  it("starts a paid period at the moment the checkout succeeds", () => {
    const r = transition(states.verifying!, events.checkout_succeeded!);
    expect(r.ok && r.state).toMatchObject({
      status: "active",
      periodStart: later(40),
      periodEnd: periodEnd(later(40), "monthly"),
      notice: null,
    });
  });

  it("marks a verifying checkout with a pending notice", () => {
    const r = transition(NONE, events.checkout_verifying!);
    expect(r.ok && r.state.notice).toEqual({ kind: "pending", at: later(40) });
  });

  it("renews from where the period ended, applying a waiting downgrade", () => {
    const r = transition(
      { ...active, pendingPlan: "beginner", pendingCycle: "yearly" },
      { type: "renewal_succeeded", at: later(33), amount: 1_910_400 },
    );
    expect(r.ok && r.state).toMatchObject({
      status: "active",
      plan: "beginner",
      cycle: "yearly",
      amount: 1_910_400,
      periodStart: end,
      periodEnd: new Date("2027-04-01T00:00:00Z"),
      pendingPlan: null,
      pendingCycle: null,
    });
  });

  it("retries a failed renewal after 1, 3 and 5 days, then expires", () => {
    expect(RETRY_DAYS).toEqual([1, 3, 5]);
    let state = active;
    const retries: Date[] = [];
    for (let i = 0; i < 3; i++) {
      const r = transition(state, { type: "renewal_failed", at: retries.at(-1) ?? end });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      state = r.state;
      expect(state.status).toBe("past_due");
      expect(state.notice).toEqual({ kind: "payment_failed", at: end });
      expect(isEntitled(state, state.nextRetryAt!)).toBe(true);
      retries.push(state.nextRetryAt!);
    }
    expect(retries).toEqual([later(32), later(34), later(36)]);
    const last = transition(state, { type: "renewal_failed", at: later(36) });
    expect(last.ok && last.state).toMatchObject({
      status: "expired",
      notice: { kind: "expired", at: later(36) },
      nextRetryAt: null,
    });
    expect(last.ok && entitledPlan(last.state, later(36))).toBe("free");
  });

  it("keeps a cancelled plan until the period ends, then drops to free", () => {
    const canceling = states.canceling!;
    expect(entitledPlan(canceling, later(30))).toBe("starter");
    expect(entitledPlan(canceling, end)).toBe("free");
    expect(transition(canceling, { type: "period_ended", at: later(30) })).toEqual({
      ok: false,
      reason: "not_due",
    });
    expect(transition(canceling, { type: "resume", at: end })).toEqual({ ok: false, reason: "period_ended" });
    const r = transition(canceling, events.period_ended!);
    expect(r.ok && r.state.notice).toEqual({ kind: "expired", at: end });
  });

  it("entitles only active and past-due subscriptions", () => {
    const entitled = Object.entries(states)
      .filter(([, s]) => isEntitled(s, later(10)))
      .map(([n]) => n);
    expect(entitled).toEqual(["active", "canceling", "past_due"]);
  });
});

describe("changing plan", () => {
  const settings: CatalogueSettings = { comingSoon: ["business"], prices: {} };
  const at = new Date("2026-03-11T00:00:00Z"); // 21 of 31 days left
  const req = (
    plan: PlanId,
    cycle: "monthly" | "yearly",
    over: Partial<ChangeRequest> = {},
  ): ChangeRequest => ({
    plan,
    cycle,
    at,
    priceOf: (p, c) => priceOf(p, c, "VND", settings),
    purchasable: (p) => p !== "business" && p !== "free" && p !== "enterprise",
    ...over,
  });
  const beginner: MachineState = { ...active, plan: "beginner", amount: 199_000 };

  it("upgrades at once, charging the difference for the days left", () => {
    const d = decideChange(beginner, req("starter", "monthly"));
    expect(d).toMatchObject({ ok: true, timing: "now", charge: 203_226 });
    if (d.ok && d.timing === "now") {
      expect(d.apply).toMatchObject({ plan: "starter", cycle: "monthly", amount: 499_000, periodEnd: end });
      expect(transition(beginner, d.apply).ok).toBe(true);
    }
  });

  it("moves monthly to yearly at once with the unused month credited", () => {
    const d = decideChange(active, req("starter", "yearly"));
    expect(d).toMatchObject({ ok: true, timing: "now", charge: 4_790_400 - 338_032 });
    if (d.ok && d.timing === "now") {
      expect(d.apply.periodStart).toEqual(at);
      expect(d.apply.periodEnd).toEqual(new Date("2027-03-11T00:00:00Z"));
    }
    expect(decideChange(beginner, req("starter", "yearly"))).toMatchObject({ ok: true, timing: "now" });
  });

  it("waits for the period's end to downgrade or to go yearly → monthly", () => {
    expect(decideChange(active, req("beginner", "monthly"))).toMatchObject({
      ok: true,
      timing: "period_end",
      state: { plan: "starter", pendingPlan: "beginner", pendingCycle: null },
    });
    const yearly = { ...active, cycle: "yearly" as const, amount: 4_790_400 };
    expect(decideChange(yearly, req("starter", "monthly"))).toMatchObject({
      timing: "period_end",
      state: { pendingPlan: null, pendingCycle: "monthly" },
    });
    expect(decideChange(active, req("beginner", "yearly"))).toMatchObject({
      timing: "period_end",
      state: { pendingPlan: "beginner", pendingCycle: "yearly" },
    });
  });

  it("drops a waiting change when the current plan is chosen again", () => {
    const waiting = { ...active, pendingPlan: "beginner" as PlanId };
    expect(decideChange(waiting, req("starter", "monthly"))).toMatchObject({
      timing: "period_end",
      state: { pendingPlan: null, pendingCycle: null },
    });
  });

  const refusals: [string, MachineState, ChangeRequest, RefusalReason][] = [
    ["the same plan", active, req("starter", "monthly"), "same_plan"],
    ["enterprise", active, req("enterprise", "monthly"), "contact_sales"],
    ["free", active, req("free", "monthly"), "use_cancel"],
    ["a plan coming soon", active, req("business", "monthly"), "not_for_sale"],
    [
      "a better plan billed monthly from yearly",
      { ...beginner, cycle: "yearly" },
      req("starter", "monthly"),
      "upgrade_keeps_cycle",
    ],
    ["while a renewal is failing", states.past_due!, req("business", "monthly"), "payment_failed"],
    ["while cancelling", states.canceling!, req("beginner", "monthly"), "canceling"],
    ["without a subscription", NONE, req("starter", "monthly"), "not_active"],
    ["while verifying", states.verifying!, req("starter", "monthly"), "not_active"],
    ["after expiry", states.expired!, req("starter", "monthly"), "not_active"],
  ];
  for (const [name, state, request, reason] of refusals) {
    it(`refuses ${name}`, () => expect(decideChange(state, request)).toEqual({ ok: false, reason }));
  }
});
