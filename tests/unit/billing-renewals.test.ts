import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHANGE_CLAIM_TTL_MS } from "@/lib/billing/change-claims";
import { cancelSubscription, changePlan, resumeSubscription } from "@/lib/billing/changes";
import { ENTITLEMENT_TTL_MS } from "@/lib/billing/entitlement-cache";
import { BillingError } from "@/lib/billing/errors";
import { plans } from "@/lib/billing/plan-limits";
import { renewalKey, runBilling } from "@/lib/billing/renewals";
import { subscriptionOf } from "@/lib/billing/subscriptions";
import { invoices, paymentMethods, sandboxPayments, subscriptions } from "@/lib/db/schema";
import { currentLimits } from "@/lib/limits/entitlement";
import { billingWorld, CARD_DECLINES_LATER, CARD_OK, card, errorOf } from "../helpers/billing";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();
const db = () => database().db;
const world = billingWorld(db);
const DAY = 86_400_000;
const plus = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

/** Every charge the sandbox made for the owner after the checkout, succeeded or not. */
async function charges(ownerId: string) {
  return db()
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.customer, ownerId), like(sandboxPayments.idempotencyKey, "invoice:%")));
}

describe("renewals", () => {
  it("with the 0341 card: payment_failed, retries after 1, 3, 5 days, then expired and free limits", async () => {
    world.set("2026-03-01T08:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "starter", "monthly", CARD_DECLINES_LATER);
    const end = (await subscriptionOf(db(), ownerId))!.currentPeriodEnd!;
    expect(end).toEqual(new Date("2026-04-01T08:00:00Z"));
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.starter);

    world.set(plus(end, -2));
    await runBilling(db(), world.sandbox, world.now);
    await runBilling(db(), world.sandbox, world.now);
    const upcoming = await db().select().from(invoices).where(eq(invoices.ownerId, ownerId));
    expect(upcoming.map((i) => i.status).sort()).toEqual(["paid", "upcoming"]);
    const renewal = upcoming.find((i) => i.kind === "renewal")!;
    expect(renewal).toMatchObject({
      total: 499_000,
      periodStart: end,
      dueDate: end,
      key: renewalKey(renewal.subscriptionId, end),
    });
    expect(await charges(ownerId)).toEqual([]);

    world.set(end);
    await runBilling(db(), world.sandbox, world.now);
    await runBilling(db(), world.sandbox, world.now); // a second run at the same time charges nothing more
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({
      status: "past_due",
      noticeKind: "payment_failed",
      noticeAt: end,
      failedAttempts: 1,
      nextRetryAt: plus(end, 1),
    });
    expect(await charges(ownerId)).toHaveLength(1);
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.starter); // the grace of the retries

    for (const [day, attempts, next] of [
      [1, 2, 3],
      [3, 3, 5],
    ] as const) {
      world.set(plus(end, day - 0.5));
      await runBilling(db(), world.sandbox, world.now); // not due yet
      expect(await charges(ownerId)).toHaveLength(attempts - 1);
      world.set(plus(end, day));
      await runBilling(db(), world.sandbox, world.now);
      await runBilling(db(), world.sandbox, world.now);
      expect(await charges(ownerId)).toHaveLength(attempts);
      expect(await subscriptionOf(db(), ownerId)).toMatchObject({
        status: "past_due",
        failedAttempts: attempts,
        nextRetryAt: plus(end, next),
      });
    }
    world.set(plus(end, 5));
    await runBilling(db(), world.sandbox, world.now);
    await runBilling(db(), world.sandbox, world.now);
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({
      status: "expired",
      noticeKind: "expired",
      noticeAt: plus(end, 5),
      nextRetryAt: null,
    });
    const tries = await charges(ownerId);
    expect(tries).toHaveLength(4);
    expect(tries.every((c) => c.status === "failed" && c.failureCode === "card_declined")).toBe(true);
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.free);
    const [failed] = await db().select().from(invoices).where(eq(invoices.id, renewal.id));
    expect(failed).toMatchObject({ status: "failed", number: renewal.number, attempts: 4 });
    world.set(plus(end, 40));
    await runBilling(db(), world.sandbox, world.now);
    expect(await charges(ownerId)).toHaveLength(4);
  });

  it("with a good card: paid, the next period starts where the last ended, a downgrade applies", async () => {
    world.set("2026-03-02T08:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "starter", "monthly", CARD_OK);
    const end = (await subscriptionOf(db(), ownerId))!.currentPeriodEnd!;
    await changePlan(
      db(),
      world.sandbox,
      ownerId,
      { plan: "beginner", cycle: "monthly" },
      plus(world.now, 3),
    );
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ plan: "starter", pendingPlan: "beginner" });
    expect(await currentLimits(db(), ownerId, plus(world.now, 3))).toBe(plans.starter);

    // Three runs at once at the period's end: one charge.
    world.set(plus(end, 0.1));
    await Promise.all([1, 2, 3].map(() => runBilling(db(), world.sandbox, world.now)));
    const paid = await charges(ownerId);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: "succeeded", amount: 199_000 });
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({
      status: "active",
      plan: "beginner",
      pendingPlan: null,
      amount: 199_000,
      currentPeriodStart: end,
      currentPeriodEnd: new Date("2026-05-02T08:00:00Z"),
    });
    const renewals = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.ownerId, ownerId), eq(invoices.kind, "renewal")));
    expect(renewals).toMatchObject([
      { status: "paid", total: 199_000, plan: "beginner", paymentMethodLabel: "Visa •••• 4242" },
    ]);
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.beginner);
  });

  it("killed between recording an attempt and charging, or between charging and recording, charges once", async () => {
    world.set("2026-03-03T08:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "beginner", "monthly", CARD_OK);
    const sub = (await subscriptionOf(db(), ownerId))!;
    const end = sub.currentPeriodEnd!;
    world.set(end);
    await runBilling(db(), world.sandbox, world.now);
    // Undo what the run recorded after charging, as if it had died right after the provider answered.
    const [inv] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.key, renewalKey(sub.id, end)));
    await db()
      .update(invoices)
      .set({ status: "upcoming", providerPaymentRef: null, paidAt: null })
      .where(eq(invoices.id, inv!.id));
    await db()
      .update(subscriptions)
      .set({ currentPeriodStart: sub.currentPeriodStart, currentPeriodEnd: end, failedAttempts: 0 })
      .where(eq(subscriptions.id, sub.id));
    await runBilling(db(), world.sandbox, world.now);
    expect(await charges(ownerId)).toHaveLength(1);
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ status: "active", currentPeriodStart: end });
    const [after] = await db().select().from(invoices).where(eq(invoices.id, inv!.id));
    expect(after).toMatchObject({ status: "paid", number: inv!.number });
  });
});

describe("plan changes", () => {
  it("upgrade at once with the difference charged by day", async () => {
    world.set("2026-03-01T00:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "beginner", "monthly", CARD_OK);
    const at = new Date("2026-03-11T00:00:00Z"); // 21 of 31 days left
    const result = await changePlan(db(), world.sandbox, ownerId, { plan: "starter", cycle: "monthly" }, at);
    expect(result).toMatchObject({
      timing: "now",
      status: "paid",
      invoice: { total: 203_226, kind: "change" },
    });
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({
      plan: "starter",
      amount: 499_000,
      currentPeriodEnd: new Date("2026-04-01T00:00:00Z"),
    });
    expect(await currentLimits(db(), ownerId, at)).toBe(plans.starter);

    // Monthly → yearly at once: a yearly period from now, the unused month credited.
    const result2 = await changePlan(db(), world.sandbox, ownerId, { plan: "starter", cycle: "yearly" }, at);
    expect(result2).toMatchObject({ status: "paid", invoice: { total: 4_790_400 - 338_032 } });
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({
      cycle: "yearly",
      amount: 4_790_400,
      currentPeriodStart: at,
      currentPeriodEnd: new Date("2027-03-11T00:00:00Z"),
    });
    expect(
      await errorOf(changePlan(db(), world.sandbox, ownerId, { plan: "starter", cycle: "yearly" }, at)),
    ).toBe("same_plan");
  });

  it("an upgrade whose charge is declined changes nothing", async () => {
    world.set("2026-03-01T00:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "beginner", "monthly", CARD_DECLINES_LATER);
    const at = new Date("2026-03-11T00:00:00Z");
    const result = await changePlan(db(), world.sandbox, ownerId, { plan: "starter", cycle: "monthly" }, at);
    expect(result).toMatchObject({ timing: "now", status: "failed", invoice: { status: "failed" } });
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ plan: "beginner", status: "active" });
    expect(await currentLimits(db(), ownerId, at)).toBe(plans.beginner);

    // Another card, then the same change again: a second attempt of the same invoice, charged once.
    await world.sandbox.attachCard(ownerId, card(CARD_OK));
    const [again, twice] = await Promise.all(
      [1, 2].map(() => changePlan(db(), world.sandbox, ownerId, { plan: "starter", cycle: "monthly" }, at)),
    );
    expect(again).toMatchObject({
      status: "paid",
      invoice: { number: result.timing === "now" ? result.invoice!.number : "" },
    });
    expect(twice).toMatchObject({ status: "paid" });
    expect((await charges(ownerId)).map((c) => c.status).sort()).toEqual(["failed", "succeeded"]);
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ plan: "starter", amount: 499_000 });
    expect(await currentLimits(db(), ownerId, at)).toBe(plans.starter);
  });

  it("20 changes at once to mixed targets: each decided change is one invoice and one charge", async () => {
    world.set("2026-03-01T00:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "beginner", "monthly", CARD_OK);
    const at = new Date("2026-03-11T00:00:00Z");
    const targets = [
      { plan: "starter", cycle: "monthly" },
      { plan: "starter", cycle: "yearly" },
      { plan: "beginner", cycle: "yearly" },
      { plan: "beginner", cycle: "monthly" },
    ] as const;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        changePlan(db(), world.sandbox, ownerId, targets[i % targets.length]!, at).then(
          (r) => r,
          (err: unknown) => (err instanceof BillingError ? err.code : Promise.reject(err)),
        ),
      ),
    );
    const decided = outcomes.filter((o) => typeof o !== "string");
    expect(decided.length).toBeGreaterThan(0);
    // Refused: the change being charged, or a change already made (decided on the new state).
    for (const o of outcomes.filter((o) => typeof o === "string")) {
      expect(["change_in_progress", "same_plan", "upgrade_keeps_cycle"]).toContain(o);
    }
    const changeInvoices = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.ownerId, ownerId), eq(invoices.kind, "change")));
    const paid = await charges(ownerId);
    expect(changeInvoices.every((i) => i.status === "paid")).toBe(true);
    expect(new Set(decided.map((d) => (d.timing === "now" ? d.invoice?.id : "")))).toEqual(
      new Set(changeInvoices.map((i) => i.id)),
    );
    // One charge per invoice, and nothing else charged.
    expect(paid.map((c) => c.idempotencyKey).sort()).toEqual(
      changeInvoices.map((i) => `invoice:${i.id}:attempt:1`).sort(),
    );
    expect(paid.every((c) => c.status === "succeeded")).toBe(true);
    // Each change was decided on the state the one before it left (its key names where it started from).
    let from = "beginner.monthly";
    for (const inv of changeInvoices.sort((a, b) => a.number.localeCompare(b.number))) {
      expect(inv.key.split(":")[2]).toBe(from);
      from = `${inv.plan}.${inv.cycle}`;
    }
    const sub = (await subscriptionOf(db(), ownerId))!;
    expect(`${sub.plan}.${sub.cycle}`).toBe(from);
  });

  it("a change whose request died after the provider charged holds others off, then is finished once", async () => {
    world.set("2026-03-01T00:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "beginner", "monthly", CARD_OK);
    const at = new Date("2026-03-11T00:00:00Z");
    // The provider charges, then the process dies before its answer is recorded.
    const dying = Object.assign(Object.create(world.sandbox), {
      chargeMethod: async (req: Parameters<typeof world.sandbox.chargeMethod>[0]) => {
        await world.sandbox.chargeMethod(req);
        throw new Error("killed");
      },
    }) as typeof world.sandbox;
    await expect(changePlan(db(), dying, ownerId, { plan: "starter", cycle: "monthly" }, at)).rejects.toThrow(
      "killed",
    );
    expect(await charges(ownerId)).toHaveLength(1);

    const soon = new Date(at.getTime() + CHANGE_CLAIM_TTL_MS - 1000);
    const other = { plan: "starter", cycle: "yearly" } as const;
    expect(await errorOf(changePlan(db(), world.sandbox, ownerId, other, soon))).toBe("change_in_progress");
    expect(await errorOf(cancelSubscription(db(), ownerId, soon))).toBe("change_in_progress");
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ plan: "beginner", cycle: "monthly" });

    // Abandoned: the next change finishes it (its payment found again, not made twice), then is decided.
    const later = new Date(at.getTime() + CHANGE_CLAIM_TTL_MS);
    const result = await changePlan(db(), world.sandbox, ownerId, other, later);
    expect(result).toMatchObject({ timing: "now", status: "paid" });
    const changes = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.ownerId, ownerId), eq(invoices.kind, "change")));
    expect(changes.map((i) => [i.status, i.plan, i.cycle, i.key.split(":")[2]]).sort()).toEqual([
      ["paid", "starter", "monthly", "beginner.monthly"],
      ["paid", "starter", "yearly", "starter.monthly"],
    ]);
    expect((await charges(ownerId)).map((c) => c.status)).toEqual(["succeeded", "succeeded"]);
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ plan: "starter", cycle: "yearly" });
  });

  it("an upgrade needs a card on file", async () => {
    world.set("2026-03-01T00:00:00Z");
    const ownerId = await world.newOwner();
    const { payment } = await world.buy(ownerId, "beginner", "monthly", "bank_transfer");
    await world.sandbox.settle(payment.ref);
    expect(await db().select().from(paymentMethods).where(eq(paymentMethods.ownerId, ownerId))).toEqual([]);
    expect(
      await errorOf(
        changePlan(db(), world.sandbox, ownerId, { plan: "starter", cycle: "monthly" }, plus(world.now, 2)),
      ),
    ).toBe("no_payment_method");
  });

  it("cancel waits for the period's end, can be undone until then, then falls back to free", async () => {
    world.set("2026-03-01T00:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "starter", "monthly", CARD_OK);
    const sub = (await subscriptionOf(db(), ownerId))!;
    const end = sub.currentPeriodEnd!;
    await cancelSubscription(db(), ownerId, plus(world.now, 1));
    expect(await errorOf(cancelSubscription(db(), ownerId, plus(world.now, 1)))).toBe("already_canceling");
    await resumeSubscription(db(), ownerId, plus(world.now, 2));
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ cancelAtPeriodEnd: false });
    await runBilling(db(), world.sandbox, plus(end, -1)); // the upcoming invoice
    await cancelSubscription(db(), ownerId, plus(end, -1));
    expect(await currentLimits(db(), ownerId, plus(end, -1))).toBe(plans.starter);
    await runBilling(db(), world.sandbox, end);
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({
      status: "canceled",
      noticeKind: "expired",
      noticeAt: end,
    });
    expect(await errorOf(resumeSubscription(db(), ownerId, end))).toBe("not_active");
    expect(await charges(ownerId)).toEqual([]);
    const [voided] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.key, renewalKey(sub.id, end)));
    expect(voided!.status).toBe("void");
    expect(await currentLimits(db(), ownerId, end)).toBe(plans.free);
    // Buying again after the end starts a fresh period.
    world.set(plus(end, 2));
    await world.buy(ownerId, "beginner", "yearly", CARD_OK);
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({
      status: "active",
      plan: "beginner",
      cycle: "yearly",
    });
  });
});

describe("current limits", () => {
  it("are cached briefly and refreshed when the subscription changes", async () => {
    world.set("2026-03-01T00:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "starter", "monthly", CARD_OK);
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.starter);
    // A change made by another process is not seen within the TTL …
    await db().update(subscriptions).set({ plan: "beginner" }).where(eq(subscriptions.ownerId, ownerId));
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.starter);
    // … and is after it.
    expect(await currentLimits(db(), ownerId, plus(world.now, ENTITLEMENT_TTL_MS / DAY + 1e-9))).toBe(
      plans.beginner,
    );
    // A change made through billing drops the cached entry at once.
    await cancelSubscription(db(), ownerId, world.now);
    const end = (await subscriptionOf(db(), ownerId))!.currentPeriodEnd!;
    await runBilling(db(), world.sandbox, end);
    expect(await currentLimits(db(), ownerId, end)).toBe(plans.free);
    // An owner who never bought anything is on free.
    expect(await currentLimits(db(), await world.newOwner(), world.now)).toBe(plans.free);
  });
});
