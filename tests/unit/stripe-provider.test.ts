import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentToken } from "@/lib/billing/checkout";
import { processEvent, receiveEvent } from "@/lib/billing/events";
import {
  intentStatus,
  STRIPE_SIGNATURE_HEADER,
  StripeProvider,
  sessionStatus,
  stripeHostOptions,
  subjectOf,
} from "@/lib/billing/providers/stripe";
import { EventVerificationError } from "@/lib/billing/providers/types";
import { runBilling } from "@/lib/billing/renewals";
import { syncPayment } from "@/lib/billing/sync";
import { billingCustomers, invoices, paymentMethods, subscriptions, users } from "@/lib/db/schema";
import { unitDatabase } from "../helpers/unit-db";
import { type StripePeer, startStripePeer } from "../peers/stripe";

/**
 * The Stripe provider (lib/billing/providers/stripe.ts): how its events are normalised, signatures refused,
 * Stripe's states mapped; and, against the fake Stripe of tests/peers/stripe.ts, a checkout paid, its
 * PaymentIntent's event converging the checkout, and renewals charged off session by the product's own cron
 * functions (4242 renews; 0341 is declined without an exception and the subscription goes past due).
 */

const database = unitDatabase();
const db = () => database().db;
let peer: StripePeer;
let provider: StripeProvider;

beforeAll(async () => {
  peer = await startStripePeer();
  provider = new StripeProvider({
    db: db(),
    secretKey: "sk_test_unit",
    webhookSecret: peer.webhookSecret,
    apiBase: peer.baseUrl,
    methodsUrl: "http://app.test/{locale}/billing?tab=methods",
  });
});
afterAll(async () => {
  await peer?.stop();
});

let seq = 0;
async function newOwner(): Promise<string> {
  seq++;
  const [row] = await db()
    .insert(users)
    .values({ membershipId: `STRP${process.pid}${seq}${Math.random().toString(36).slice(2, 6)}` })
    .returning({ id: users.id });
  return row!.id;
}

const signed = (type: string, object: Record<string, unknown>, opts = {}) => {
  const e = peer.signEvent(type, object, opts);
  return { ...e, headers: { [STRIPE_SIGNATURE_HEADER]: e.header } };
};

describe("event normalisation", () => {
  const ev = (type: string, object: Record<string, unknown>, previous?: Record<string, unknown>) =>
    subjectOf({ id: "evt_1", type, data: { object, previous_attributes: previous } });

  it("a checkout session is a payment named by the session", () => {
    expect(ev("checkout.session.completed", { id: "cs_1", mode: "payment", customer: "cus_1" })).toEqual({
      kind: "payment",
      ref: "cs_1",
      customerRef: "cus_1",
      checkoutToken: null,
    });
    expect(ev("checkout.session.expired", { id: "cs_2", mode: "payment", customer: "cus_1" }).ref).toBe(
      "cs_2",
    );
  });
  it("a set-up session and a set-up intent are about the customer's cards", () => {
    expect(
      ev("checkout.session.completed", {
        id: "cs_3",
        mode: "setup",
        setup_intent: "seti_1",
        customer: "cus_1",
      }),
    ).toMatchObject({ kind: "method", customerRef: "cus_1" });
    expect(
      ev("setup_intent.succeeded", { id: "seti_1", payment_method: "pm_1", customer: "cus_1" }),
    ).toMatchObject({ kind: "method", ref: "pm_1", customerRef: "cus_1" });
  });
  it("a PaymentIntent is a payment named by itself, carrying its checkout's token", () => {
    expect(
      ev("payment_intent.succeeded", { id: "pi_1", customer: "cus_1", metadata: { token: "abc" } }),
    ).toEqual({
      kind: "payment",
      ref: "pi_1",
      customerRef: "cus_1",
      checkoutToken: "abc",
    });
    expect(
      ev("payment_intent.payment_failed", { id: "pi_2", customer: "cus_1", metadata: {} }).checkoutToken,
    ).toBeNull();
  });
  it("cards and the customer's default are about cards; a detached card names its former customer", () => {
    expect(ev("payment_method.attached", { id: "pm_1", customer: "cus_1" })).toMatchObject({
      kind: "method",
      ref: "pm_1",
      customerRef: "cus_1",
    });
    expect(
      ev("payment_method.detached", { id: "pm_1", customer: null }, { customer: "cus_1" }),
    ).toMatchObject({ kind: "method", ref: "pm_1", customerRef: "cus_1" });
    expect(
      ev("customer.updated", { id: "cus_1", invoice_settings: { default_payment_method: "pm_9" } }),
    ).toMatchObject({ kind: "method", ref: "pm_9", customerRef: "cus_1" });
  });
  it("anything else is about nothing the product acts on", () => {
    expect(ev("charge.refund.updated", { id: "re_1" }).kind).toBe("none");
    expect(ev("invoice.paid", { id: "in_1", customer: "cus_1" }).kind).toBe("none");
  });
});

describe("state mapping", () => {
  const error = { code: "card_declined", type: "card_error" } as never;
  it("PaymentIntents", () => {
    expect(intentStatus({ status: "succeeded", last_payment_error: null })).toEqual({
      status: "succeeded",
      failureCode: null,
    });
    expect(intentStatus({ status: "processing", last_payment_error: null }).status).toBe("verifying");
    expect(intentStatus({ status: "requires_payment_method", last_payment_error: null }).status).toBe(
      "pending",
    );
    expect(intentStatus({ status: "requires_payment_method", last_payment_error: error })).toEqual({
      status: "failed",
      failureCode: "card_declined",
    });
    expect(intentStatus({ status: "canceled", last_payment_error: null }).status).toBe("failed");
  });
  it("Checkout Sessions", () => {
    expect(sessionStatus({ status: "complete", payment_status: "paid" }, null).status).toBe("succeeded");
    expect(sessionStatus({ status: "open", payment_status: "unpaid" }, null).status).toBe("pending");
    expect(sessionStatus({ status: "expired", payment_status: "unpaid" }, null).status).toBe("expired");
    expect(
      sessionStatus(
        { status: "open", payment_status: "unpaid" },
        { status: "requires_payment_method", last_payment_error: error },
      ),
    ).toEqual({ status: "failed", failureCode: "card_declined" });
    expect(
      sessionStatus(
        { status: "open", payment_status: "unpaid" },
        { status: "processing", last_payment_error: null },
      ).status,
    ).toBe("verifying");
  });
  it("STRIPE_API_BASE as the SDK's host options", () => {
    expect(stripeHostOptions("http://127.0.0.1:4010")).toEqual({
      host: "127.0.0.1",
      port: "4010",
      protocol: "http",
    });
    expect(stripeHostOptions("https://stripe.proxy.internal")).toEqual({
      host: "stripe.proxy.internal",
      port: 443,
      protocol: "https",
    });
    expect(stripeHostOptions(undefined)).toEqual({});
  });
  it("test mode from the key", () => {
    expect(provider.testMode).toBe(true);
    const live = new StripeProvider({
      db: db(),
      secretKey: "sk_live_x",
      webhookSecret: "whsec_x",
      methodsUrl: "",
    });
    expect(live.testMode).toBe(false);
  });
});

describe("signatures", () => {
  it("accepts Stripe's signature and refuses a tampered body, another secret, an old timestamp, none", async () => {
    const good = signed("invoice.paid", { id: "in_1" });
    await expect(provider.verifyEvent(good.payload, good.headers)).resolves.toMatchObject({
      id: good.id,
      subject: { kind: "none" },
    });

    const tampered = signed(
      "invoice.paid",
      { id: "in_1" },
      { tamper: (p: string) => p.replace("in_1", "in_2") },
    );
    await expect(provider.verifyEvent(tampered.payload, tampered.headers)).rejects.toBeInstanceOf(
      EventVerificationError,
    );
    const other = signed("invoice.paid", { id: "in_1" }, { secret: "whsec_someone_else" });
    await expect(provider.verifyEvent(other.payload, other.headers)).rejects.toBeInstanceOf(
      EventVerificationError,
    );
    const old = signed("invoice.paid", { id: "in_1" }, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    await expect(provider.verifyEvent(old.payload, old.headers)).rejects.toBeInstanceOf(
      EventVerificationError,
    );
    const recent = signed("invoice.paid", { id: "in_1" }, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    await expect(provider.verifyEvent(recent.payload, recent.headers)).resolves.toBeTruthy();
    await expect(provider.verifyEvent(good.payload, {})).rejects.toBeInstanceOf(EventVerificationError);
  });
});

describe("against the fake Stripe", () => {
  async function paidCheckout(card: string, cycle: "monthly" | "yearly" = "monthly") {
    const owner = await newOwner();
    const started = await createPaymentToken(db(), provider, {
      ownerId: owner,
      plan: "starter",
      cycle,
      currency: "VND",
      locale: "en",
      returnUrl: "http://app.test/en/billing",
    });
    const sessionId = started.checkoutUrl.split("/pay/")[1]!;
    const done = peer.completeSession(sessionId, card);
    return { owner, sessionId, ...done };
  }

  it("one customer per owner, whatever the number of checkouts", async () => {
    const owner = await newOwner();
    const [a, b] = await Promise.all([provider.customerFor(owner), provider.customerFor(owner)]);
    expect(a).toBe(b);
    expect(await provider.customerFor(owner)).toBe(a);
    const rows = await db().select().from(billingCustomers).where(eq(billingCustomers.ownerId, owner));
    expect(rows).toHaveLength(1);
    expect(await provider.ownerOf(a)).toBe(owner);
    expect(await provider.ownerOf("cus_unknown")).toBeNull();
  });

  it("a checkout's PaymentIntent event converges the checkout (mapped to its session)", async () => {
    const { owner, sessionId, paymentIntent } = await paidCheckout("4242 4242 4242 4242");
    const e = signed("payment_intent.succeeded", paymentIntent!);
    const normalised = await provider.verifyEvent(e.payload, e.headers);
    expect(normalised.subject).toEqual({ kind: "payment", ref: sessionId });
    expect(normalised.customer).toBe(owner);
    const received = await receiveEvent(db(), provider, e.payload, e.headers);
    await processEvent(db(), provider, received.id);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.ownerId, owner));
    expect(sub?.status).toBe("active");
    const [card] = await db().select().from(paymentMethods).where(eq(paymentMethods.ownerId, owner));
    expect(card).toMatchObject({ provider: "stripe", last4: "4242", isDefault: true });
  });

  it("a renewal is charged off session: 4242 renews, 0341 is declined without throwing and goes past due", async () => {
    for (const [cardNumber, want] of [
      ["4242 4242 4242 4242", "active"],
      ["4000 0000 0000 0341", "past_due"],
    ] as const) {
      const { owner, sessionId } = await paidCheckout(cardNumber);
      await syncPayment(db(), provider, sessionId);
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.ownerId, owner));
      expect(sub?.status).toBe("active");
      const end = sub!.currentPeriodEnd!;
      await runBilling(db(), provider, new Date(end.getTime() - 2 * 86_400_000), owner);
      await runBilling(db(), provider, new Date(end.getTime() + 60_000), owner);
      const [after] = await db().select().from(subscriptions).where(eq(subscriptions.ownerId, owner));
      expect(after?.status).toBe(want);
      const renewals = await db()
        .select()
        .from(invoices)
        .where(and(eq(invoices.ownerId, owner), eq(invoices.kind, "renewal")));
      expect(renewals).toHaveLength(1);
      expect(renewals[0]).toMatchObject({ status: want === "active" ? "paid" : "failed", total: 499_000 });
      expect(renewals[0]!.providerPaymentRef).toMatch(/^pi_/);
      if (want === "active") expect(after!.currentPeriodStart?.getTime()).toBe(end.getTime());
    }
  });

  it("the same idempotency key charges once; a declined charge answers a failed payment", async () => {
    const { owner, paymentMethod } = await paidCheckout("4242 4242 4242 4242");
    const req = {
      ownerId: owner,
      methodRef: String(paymentMethod!.id),
      amount: 1000,
      currency: "USD" as const,
      description: "test",
      idempotencyKey: `unit:${owner}`,
    };
    const [a, b] = [await provider.chargeMethod(req), await provider.chargeMethod(req)];
    expect(a.ref).toBe(b.ref);
    expect(a).toMatchObject({
      status: "succeeded",
      amount: 1000,
      currency: "USD",
      customer: owner,
      methodKind: "card",
    });

    const declining = await paidCheckout("4000 0000 0000 0341");
    const failed = await provider.chargeMethod({
      ...req,
      ownerId: declining.owner,
      methodRef: String(declining.paymentMethod!.id),
      idempotencyKey: `unit:${declining.owner}`,
    });
    expect(failed).toMatchObject({ status: "failed", failureCode: "card_declined" });
  });
});
