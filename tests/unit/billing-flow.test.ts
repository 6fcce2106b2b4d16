import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createPaymentToken, expirePaymentTokens, paymentOf, payWithSandbox } from "@/lib/billing/checkout";
import { BillingError } from "@/lib/billing/errors";
import { processEvent, processPendingEvents, receiveEvent } from "@/lib/billing/events";
import { formatInvoiceNumber, issueInvoice } from "@/lib/billing/invoices";
import { plans } from "@/lib/billing/plan-limits";
import { priceOf } from "@/lib/billing/plans";
import { billingProviders, isSandbox } from "@/lib/billing/providers";
import { SIGNATURE_HEADER, signEvent } from "@/lib/billing/providers/sandbox";
import { EventVerificationError } from "@/lib/billing/providers/types";
import { subscriptionOf } from "@/lib/billing/subscriptions";
import {
  billingEvents,
  invoiceCounters,
  invoices,
  paymentMethods,
  paymentTokens,
  sandboxPayments,
  subscriptions,
} from "@/lib/db/schema";
import { currentLimits } from "@/lib/limits/entitlement";
import { billingWorld, CARD_DECLINED, CARD_OK, card, errorOf } from "../helpers/billing";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();
const db = () => database().db;
const world = billingWorld(db);

async function ownerRows(ownerId: string) {
  return {
    subs: await db().select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId)),
    invoices: await db().select().from(invoices).where(eq(invoices.ownerId, ownerId)),
    charges: await db()
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.customer, ownerId), eq(sandboxPayments.status, "succeeded"))),
    methods: await db().select().from(paymentMethods).where(eq(paymentMethods.ownerId, ownerId)),
  };
}

describe("invoice numbers", () => {
  async function issue(key: string, at: Date, subscriptionId: string, ownerId: string) {
    return db().transaction((tx) =>
      issueInvoice(tx, at, {
        subscriptionId,
        ownerId,
        key,
        kind: "renewal",
        status: "upcoming",
        plan: "starter",
        cycle: "monthly",
        currency: "VND",
        total: 499_000,
        periodStart: at,
        periodEnd: at,
        dueDate: at,
      }),
    );
  }

  it("are sequential and gap-free per year, also when issued concurrently", async () => {
    world.set("2026-03-01T00:00:00Z");
    const ownerId = await world.newOwner();
    await world.buy(ownerId, "starter", "monthly", CARD_OK);
    const sub = (await subscriptionOf(db(), ownerId))!;
    const [first] = await db().select().from(invoices).where(eq(invoices.ownerId, ownerId));
    expect(first!.number).toBe("AC-2026-000001");

    const at = new Date("2026-06-01T00:00:00Z");
    const keys = Array.from({ length: 20 }, (_, i) => `test:${i}`);
    // Each key twice at once: the second meets the first's invoice and takes no number.
    const results = await Promise.all([...keys, ...keys].map((k) => issue(k, at, sub.id, ownerId)));
    expect(results.filter((r) => r.created)).toHaveLength(20);
    const numbers = (
      await db().select({ n: invoices.number }).from(invoices).where(like(invoices.key, "test:%"))
    )
      .map((r) => r.n)
      .sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => formatInvoiceNumber(2026, i + 2)));

    // A transaction that fails after taking a number gives it back.
    await expect(
      db().transaction(async (tx) => {
        await issueInvoice(tx, at, {
          subscriptionId: sub.id,
          ownerId,
          key: "test:rolled-back",
          kind: "renewal",
          status: "upcoming",
          plan: "starter",
          cycle: "monthly",
          currency: "VND",
          total: 1,
          periodStart: at,
          periodEnd: at,
          dueDate: at,
        });
        throw new Error("crash after numbering");
      }),
    ).rejects.toThrow("crash after numbering");
    expect((await issue("test:after", at, sub.id, ownerId)).invoice.number).toBe("AC-2026-000022");

    // A new year starts again at 1.
    expect(
      (await issue("test:next-year", new Date("2027-01-01T00:00:01Z"), sub.id, ownerId)).invoice.number,
    ).toBe("AC-2027-000001");
    const counters = await db().select().from(invoiceCounters).orderBy(invoiceCounters.year);
    expect(counters).toEqual([
      { year: 2026, last: 22 },
      { year: 2027, last: 1 },
    ]);
  });
});

describe("the sandbox's test cards", () => {
  it("4242 pays: plan active, one paid invoice of the price, the card saved as default, limits raised", async () => {
    world.set("2026-03-05T10:00:00Z");
    const ownerId = await world.newOwner();
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.free);
    const { token, checkoutUrl, payment } = await world.buy(ownerId, "starter", "yearly", CARD_OK);
    expect(checkoutUrl).toBe(`/en/billing/checkout/${encodeURIComponent(token)}`);
    expect(payment.status).toBe("succeeded");
    expect(await paymentOf(db(), world.sandbox, ownerId, token, world.now)).toEqual({
      status: "succeeded",
      plan: "starter",
      cycle: "yearly",
      amount: 4_790_400,
      currency: "VND",
      amountDue: null,
      provider: "sandbox",
      method: "card",
    });
    const rows = await ownerRows(ownerId);
    expect(rows.subs).toHaveLength(1);
    expect(rows.subs[0]).toMatchObject({
      status: "active",
      plan: "starter",
      cycle: "yearly",
      amount: 4_790_400,
      currentPeriodStart: world.now,
      currentPeriodEnd: new Date("2027-03-05T10:00:00Z"),
    });
    expect(rows.invoices).toHaveLength(1);
    expect(rows.invoices[0]).toMatchObject({
      status: "paid",
      total: priceOf("starter", "yearly", "VND"),
      kind: "checkout",
      cycle: "yearly",
      paymentMethodLabel: "Visa •••• 4242",
    });
    expect(rows.methods).toMatchObject([{ last4: "4242", isDefault: true, state: "active", expYear: 2030 }]);
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.starter);
    // Another owner cannot read this token.
    expect(await paymentOf(db(), world.sandbox, await world.newOwner(), token, world.now)).toBeNull();
  });

  it("0002 is declined: the token fails, nothing is activated or saved", async () => {
    const ownerId = await world.newOwner();
    const { token, payment } = await world.buy(ownerId, "beginner", "monthly", CARD_DECLINED);
    expect(payment).toMatchObject({ status: "failed", failureCode: "card_declined" });
    expect((await paymentOf(db(), world.sandbox, ownerId, token, world.now))!.status).toBe("failed");
    const rows = await ownerRows(ownerId);
    expect(rows.subs).toEqual([]);
    expect(rows.invoices).toEqual([]);
    expect(rows.methods).toEqual([]);
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.free);
    // Retry: a new checkout with another card succeeds.
    await world.buy(ownerId, "beginner", "monthly", CARD_OK);
    expect((await subscriptionOf(db(), ownerId))!.status).toBe("active");
  });

  it("refuses an expiry in the past and keeps the checkout payable", async () => {
    world.set("2026-03-05T10:00:00Z");
    const ownerId = await world.newOwner();
    const { token } = await createPaymentToken(
      db(),
      world.sandbox,
      { ownerId, plan: "starter", cycle: "monthly", currency: "USD", locale: "vi", returnUrl: "/vi/billing" },
      world.now,
    );
    expect(
      await errorOf(payWithSandbox(db(), world.sandbox, token, card(CARD_OK, 2025), { now: world.now })),
    ).toBe("expired_card");
    expect(
      await errorOf(
        payWithSandbox(
          db(),
          world.sandbox,
          token,
          { ...card(CARD_OK), exp_month: 2, exp_year: 2026 },
          { now: world.now },
        ),
      ),
    ).toBe("expired_card");
    expect(
      await errorOf(
        payWithSandbox(db(), world.sandbox, token, card("4111 1111 1111 1111"), { now: world.now }),
      ),
    ).toBe("invalid_number");
    expect(
      await errorOf(
        payWithSandbox(db(), world.sandbox, token, { ...card(CARD_OK), cvc: "x" }, { now: world.now }),
      ),
    ).toBe("invalid_cvc");
    expect((await paymentOf(db(), world.sandbox, ownerId, token, world.now))!.status).toBe("pending");
    const paid = await payWithSandbox(db(), world.sandbox, token, card(CARD_OK), { now: world.now });
    expect(paid.status).toBe("succeeded");
    expect((await ownerRows(ownerId)).invoices[0]).toMatchObject({ total: 2_000, currency: "USD" });
    // A paid token cannot be paid again.
    expect(await errorOf(payWithSandbox(db(), world.sandbox, token, card(CARD_OK), { now: world.now }))).toBe(
      "token_used",
    );
  });

  it("bank transfer stays verifying until the funds arrive, then activates", async () => {
    const ownerId = await world.newOwner();
    const { token, payment } = await world.buy(ownerId, "starter", "monthly", "bank_transfer");
    expect(payment.status).toBe("verifying");
    expect((await paymentOf(db(), world.sandbox, ownerId, token, world.now))!.status).toBe("verifying");
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ status: "verifying", noticeKind: "pending" });
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.free);
    // No second purchase while one is being verified.
    expect(
      await errorOf(
        createPaymentToken(
          db(),
          world.sandbox,
          { ownerId, plan: "beginner", cycle: "monthly", currency: "VND", locale: "en", returnUrl: "/" },
          world.now,
        ),
      ),
    ).toBe("payment_in_progress");
    await world.sandbox.settle(payment.ref);
    expect((await paymentOf(db(), world.sandbox, ownerId, token, world.now))!.status).toBe("succeeded");
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ status: "active", noticeKind: null });
    expect((await ownerRows(ownerId)).invoices).toMatchObject([
      { status: "paid", paymentMethodLabel: "Bank transfer" },
    ]);
    expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.starter);
  });

  it("a payment of less than the price, or in another currency, buys nothing", async () => {
    for (const lie of [{ amount: 1 }, { currency: "USD" as const }]) {
      const ownerId = await world.newOwner();
      const { token, payment } = await world.buy(ownerId, "starter", "monthly", "bank_transfer");
      // The funds arrive; the event waits, so the first look at it is the lying one below.
      world.hold = true;
      await world.sandbox.settle(payment.ref);
      world.hold = false;
      world.held.length = 0;
      // The provider's own record says it took other money than the checkout asked for.
      const lying = Object.create(world.sandbox) as typeof world.sandbox;
      lying.getPayment = async (ref) => {
        const real = await world.sandbox.getPayment(ref);
        return real && { ...real, ...lie };
      };
      expect((await paymentOf(db(), lying, ownerId, token, world.now))!.status).toBe("verifying");
      expect((await subscriptionOf(db(), ownerId))?.status).not.toBe("active");
      expect((await ownerRows(ownerId)).invoices).toEqual([]);
      expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.free);
      // The real record (the full price) then applies as usual.
      expect((await paymentOf(db(), world.sandbox, ownerId, token, world.now))!.status).toBe("succeeded");
      expect(await currentLimits(db(), ownerId, world.now)).toBe(plans.starter);
    }
  });

  it("refuses plans that are not for sale and a second plan", async () => {
    const ownerId = await world.newOwner();
    const start = (plan: "enterprise" | "business" | "free" | "starter") =>
      errorOf(
        createPaymentToken(
          db(),
          world.sandbox,
          { ownerId, plan, cycle: "monthly", currency: "VND", locale: "en", returnUrl: "/" },
          world.now,
        ),
      );
    expect(await start("enterprise")).toBe("contact_sales");
    expect(await start("business")).toBe("not_for_sale");
    expect(await start("free")).toBe("invalid_plan");
    await world.buy(ownerId, "starter", "monthly", CARD_OK);
    expect(await start("starter")).toBe("already_subscribed");
  });

  it("expires a checkout left unpaid for 15 minutes", async () => {
    world.set("2026-03-05T10:00:00Z");
    const ownerId = await world.newOwner();
    const { token } = await createPaymentToken(
      db(),
      world.sandbox,
      { ownerId, plan: "starter", cycle: "monthly", currency: "VND", locale: "en", returnUrl: "/" },
      world.now,
    );
    world.set("2026-03-05T10:14:59Z");
    expect((await paymentOf(db(), world.sandbox, ownerId, token, world.now))!.status).toBe("pending");
    world.set("2026-03-05T10:15:00Z");
    expect(await errorOf(payWithSandbox(db(), world.sandbox, token, card(CARD_OK), { now: world.now }))).toBe(
      "token_expired",
    );
    expect(await expirePaymentTokens(db(), world.sandbox, world.now)).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(db(), world.sandbox, ownerId, token, world.now))!.status).toBe("expired");
    expect(await subscriptionOf(db(), ownerId)).toBeUndefined();
  });
});

describe("concurrent checkouts", () => {
  it("ten at once for one owner leave one subscription and one charge", async () => {
    world.set("2026-03-06T09:00:00Z");
    const ownerId = await world.newOwner();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        world.buy(ownerId, "starter", "monthly", CARD_OK).then(
          (r) => r.payment.status,
          (err) => (err instanceof BillingError ? err.code : String(err)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "succeeded")).toHaveLength(1);
    for (const o of outcomes.filter((o) => o !== "succeeded")) {
      expect(["already_subscribed", "payment_in_progress", "token_used", "not_payable"]).toContain(o);
    }
    const rows = await ownerRows(ownerId);
    expect(rows.subs).toHaveLength(1);
    expect(rows.charges).toHaveLength(1);
    expect(rows.invoices).toHaveLength(1);
    const open = await db()
      .select()
      .from(paymentTokens)
      .where(and(eq(paymentTokens.ownerId, ownerId), eq(paymentTokens.status, "pending")));
    expect(open.filter((t) => t.claimedAt)).toEqual([]);
  });

  it("staggered, some paying while others start, still charge once", async () => {
    world.set("2026-03-06T10:00:00Z");
    const ownerId = await world.newOwner();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        new Promise((r) => setTimeout(r, (i % 4) * 15))
          .then(() => world.buy(ownerId, "beginner", "yearly", CARD_OK))
          .then(
            (r) => r.payment.status,
            (err) => (err instanceof BillingError ? err.code : String(err)),
          ),
      ),
    );
    expect(outcomes.filter((o) => o === "succeeded")).toHaveLength(1);
    const rows = await ownerRows(ownerId);
    expect(rows.subs).toMatchObject([{ status: "active", plan: "beginner", cycle: "yearly" }]);
    expect(rows.charges).toHaveLength(1);
    expect(rows.invoices).toHaveLength(1);
  });
});

describe("provider events", () => {
  it("from the configured sandbox are stored by the receiver and applied by the events job", async () => {
    const providers = billingProviders(db());
    expect(providers.all.map((p) => p.id)).toEqual(["sandbox"]);
    const provider = providers.forCheckout("VND");
    expect(isSandbox(provider)).toBe(true);
    if (!isSandbox(provider)) return;
    const ownerId = await world.newOwner();
    const now = new Date();
    const { token, checkoutUrl } = await createPaymentToken(
      db(),
      provider,
      { ownerId, plan: "starter", cycle: "monthly", currency: "VND", locale: "vi", returnUrl: "/vi/billing" },
      now,
    );
    expect(checkoutUrl).toMatch(new RegExp(`^http://localhost:3000/vi/billing/checkout/${token}$`));
    await payWithSandbox(db(), provider, token, card(CARD_OK), { now });
    expect(await subscriptionOf(db(), ownerId)).toBeUndefined();
    await processPendingEvents(db(), provider);
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ status: "active", plan: "starter" });
  });

  it("delivered twice are stored and applied once", async () => {
    world.set("2026-03-07T09:00:00Z");
    const ownerId = await world.newOwner();
    await world.holding(() => world.buy(ownerId, "starter", "monthly", CARD_OK));
    expect(await subscriptionOf(db(), ownerId)).toBeUndefined();
    const paymentEvent = world.held.find((d) => d.raw.includes('"object":"payment"'))!;
    const first = await world.deliver(paymentEvent);
    const second = await world.deliver(paymentEvent);
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ id: first.id, duplicate: true });
    for (const d of world.held) await world.deliver(d);
    const rows = await ownerRows(ownerId);
    expect(rows.subs).toMatchObject([{ status: "active" }]);
    expect(rows.invoices).toHaveLength(1);
    expect(rows.methods).toMatchObject([{ last4: "4242", isDefault: true }]);
    const stored = await db()
      .select()
      .from(billingEvents)
      .where(sql`${billingEvents.payload}->>'customer' = ${ownerId}`);
    expect(stored.filter((e) => e.eventId === JSON.parse(paymentEvent.raw).id)).toHaveLength(1);
  });

  it("arriving out of order end in the provider's state", async () => {
    world.set("2026-03-07T10:00:00Z");
    const ownerId = await world.newOwner();
    await world.holding(async () => {
      const { payment } = await world.buy(ownerId, "beginner", "monthly", "bank_transfer");
      await world.sandbox.settle(payment.ref);
    });
    const [verifying, succeeded] = world.held;
    expect(JSON.parse(verifying!.raw).data.status).toBe("verifying");
    expect(JSON.parse(succeeded!.raw).data.status).toBe("succeeded");
    await world.deliver(succeeded!);
    await world.deliver(verifying!);
    const rows = await ownerRows(ownerId);
    expect(rows.subs).toMatchObject([{ status: "active", plan: "beginner", noticeKind: null }]);
    expect(rows.invoices).toHaveLength(1);
    expect(
      (await db().select().from(paymentTokens).where(eq(paymentTokens.ownerId, ownerId)))[0]!.status,
    ).toBe("succeeded");
  });

  it("stored but not processed before a crash are processed after the restart", async () => {
    world.set("2026-03-07T11:00:00Z");
    const ownerId = await world.newOwner();
    await world.holding(() => world.buy(ownerId, "starter", "monthly", CARD_OK));
    for (const d of world.held) await receiveEvent(db(), world.sandbox, d.raw, d.headers, world.now);
    expect(await subscriptionOf(db(), ownerId)).toBeUndefined();
    expect(await processPendingEvents(db(), world.sandbox, world.now)).toBeGreaterThanOrEqual(2);
    expect(await subscriptionOf(db(), ownerId)).toMatchObject({ status: "active" });
    expect(await processPendingEvents(db(), world.sandbox, world.now)).toBe(0);
    expect((await ownerRows(ownerId)).charges).toHaveLength(1);
    expect((await ownerRows(ownerId)).invoices).toHaveLength(1);
  });

  it("with a forged, altered or stale signature are refused and not stored", async () => {
    const ownerId = await world.newOwner();
    await world.holding(() => world.buy(ownerId, "starter", "monthly", CARD_OK));
    const real = world.held.find((d) => d.raw.includes('"object":"payment"'))!;
    const t = Math.floor(world.now.getTime() / 1000);
    const forged = [
      { raw: real.raw, headers: { [SIGNATURE_HEADER]: signEvent("not the secret", real.raw, t) } },
      { raw: real.raw.replace(ownerId, "someone-else"), headers: real.headers },
      { raw: real.raw, headers: {} },
      { raw: real.raw, headers: { [SIGNATURE_HEADER]: "t=1,v1=zz" } },
    ];
    for (const f of forged) {
      await expect(receiveEvent(db(), world.sandbox, f.raw, f.headers, world.now)).rejects.toBeInstanceOf(
        EventVerificationError,
      );
    }
    world.set(new Date(world.now.getTime() + 10 * 60 * 1000));
    await expect(receiveEvent(db(), world.sandbox, real.raw, real.headers, world.now)).rejects.toThrow(
      "too old",
    );
    expect(
      await db()
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.eventId, JSON.parse(real.raw).id)),
    ).toEqual([]);
    expect(await subscriptionOf(db(), ownerId)).toBeUndefined();
    // The payment itself is still the truth: reading it converges without any event.
    const [token] = await db().select().from(paymentTokens).where(eq(paymentTokens.ownerId, ownerId));
    expect(await processEvent(db(), world.sandbox, "00000000-0000-0000-0000-000000000000", world.now)).toBe(
      false,
    );
    expect(token!.status).toBe("pending");
  });
});
