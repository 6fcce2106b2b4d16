import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentToken, paymentOf } from "@/lib/billing/checkout";
import { processEvent, receiveEvent } from "@/lib/billing/events";
import { providerChoice } from "@/lib/billing/providers";
import {
  PayosProvider,
  paymentStatusOf,
  sameSignature,
  transferDescription,
} from "@/lib/billing/providers/payos";
import { EventVerificationError, type PaymentProvider } from "@/lib/billing/providers/types";
import { runBilling } from "@/lib/billing/renewals";
import { syncPayment } from "@/lib/billing/sync";
import { renewalOrderCode } from "@/lib/billing/transfers";
import { invoices, paymentTokens, subscriptions, transferLinks, users } from "@/lib/db/schema";
import { unitDatabase } from "../helpers/unit-db";
import { type PayosPeer, startPayosPeer } from "../peers/payos";

/**
 * The payOS provider (lib/billing/providers/payos.ts) and the choice among providers: payOS's link states as
 * payment statuses, signatures compared in constant time and refused when forged, events named by link and
 * transfer, links that are not ours changing nothing; against the fake payOS, a checkout paid by transfer
 * converging through its stored event, and an outage thrown (never read as a failure).
 */

const database = unitDatabase();
const db = () => database().db;
let peer: PayosPeer;
let provider: PayosProvider;

beforeAll(async () => {
  peer = await startPayosPeer();
  provider = new PayosProvider({
    db: db(),
    clientId: peer.clientId,
    apiKey: peer.apiKey,
    checksumKey: peer.checksumKey,
    apiBase: peer.baseUrl,
    checkoutUrl: "http://app.test/{locale}/billing/checkout/{token}",
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
    .values({ membershipId: `PAYOS${process.pid}${seq}${Math.random().toString(36).slice(2, 6)}` })
    .returning({ id: users.id });
  return row!.id;
}

async function checkout(ownerId: string) {
  const started = await createPaymentToken(db(), provider, {
    ownerId,
    plan: "starter",
    cycle: "monthly",
    currency: "VND",
    locale: "vi",
    returnUrl: "http://app.test/vi/billing",
  });
  const [link] = await db().select().from(transferLinks).where(eq(transferLinks.ownerId, ownerId));
  return { ...started, link: link! };
}

describe("payOS's link states", () => {
  it("map to payment statuses; money on a closed link is verifying, never failed", () => {
    expect(paymentStatusOf({ status: "PAID", amountPaid: 10 })).toEqual({
      status: "succeeded",
      failureCode: null,
    });
    expect(paymentStatusOf({ status: "UNDERPAID", amountPaid: 5 })).toEqual({
      status: "verifying",
      failureCode: null,
    });
    expect(paymentStatusOf({ status: "PENDING", amountPaid: 0 })).toEqual({
      status: "pending",
      failureCode: null,
    });
    expect(paymentStatusOf({ status: "PROCESSING", amountPaid: 0 }).status).toBe("pending");
    expect(paymentStatusOf({ status: "CANCELLED", amountPaid: 0 })).toEqual({
      status: "failed",
      failureCode: "cancelled",
    });
    expect(paymentStatusOf({ status: "EXPIRED", amountPaid: 0 })).toEqual({
      status: "failed",
      failureCode: "expired",
    });
    expect(paymentStatusOf({ status: "EXPIRED", amountPaid: 1 }).status).toBe("verifying");
  });

  it("a transfer's description is short, unique per order and safe for any bank", () => {
    const a = transferDescription(123_456_789_012);
    expect(a).toMatch(/^AC[0-9A-Z]{1,23}$/);
    expect(transferDescription(123_456_789_013)).not.toBe(a);
  });

  it("a renewal's order code is the same for the same invoice, another per generation, inside safe integers", () => {
    const id = "3f0c1d2e-0000-4000-8000-000000000001";
    expect(renewalOrderCode(id)).toBe(renewalOrderCode(id));
    expect(renewalOrderCode(id, 1)).not.toBe(renewalOrderCode(id));
    for (const g of [0, 1, 2]) {
      const code = renewalOrderCode(id, g);
      expect(Number.isSafeInteger(code)).toBe(true);
      expect(code).toBeGreaterThanOrEqual(100_000_000_000);
      expect(code).toBeLessThan(2 ** 47);
    }
  });

  it("signatures are compared whole: a prefix, another length or one changed character is refused", () => {
    const sig = "a".repeat(64);
    expect(sameSignature(sig, sig)).toBe(true);
    expect(sameSignature(sig, sig.slice(0, 63))).toBe(false);
    expect(sameSignature(sig, `${sig}a`)).toBe(false);
    expect(sameSignature(sig, `${"a".repeat(63)}b`)).toBe(false);
    expect(sameSignature(sig, "")).toBe(false);
  });
});

describe("which provider takes a payment", () => {
  const fake = (id: string, collects: "card" | "transfer") =>
    ({ id, collects }) as unknown as PaymentProvider;
  const stripe = fake("stripe", "card");
  const payos = fake("payos", "transfer");
  const sandbox = fake("sandbox", "card");

  it("VND goes to payOS unless a card is asked for; USD to the card provider", () => {
    const both = providerChoice([stripe, payos]);
    expect(both.forCheckout("VND")?.id).toBe("payos");
    expect(both.forCheckout("VND", "card")?.id).toBe("stripe");
    expect(both.forCheckout("VND", "bank_transfer")?.id).toBe("payos");
    expect(both.forCheckout("USD")?.id).toBe("stripe");
    expect(both.forCheckout("USD", "bank_transfer")?.id).toBe("stripe");
    expect(both.methodsFor("VND")).toEqual(["bank_transfer", "card"]);
    expect(both.methodsFor("USD")).toEqual(["card"]);
    expect(both.cards?.id).toBe("stripe");
  });

  it("payOS alone takes no USD and keeps no cards; Stripe is preferred to the sandbox for cards", () => {
    const alone = providerChoice([payos]);
    expect(alone.forCheckout("USD")).toBeUndefined();
    expect(alone.cards).toBeNull();
    expect(alone.forCheckout("VND", "card")?.id).toBe("payos");
    expect(providerChoice([sandbox, stripe]).cards?.id).toBe("stripe");
    expect(providerChoice([payos, sandbox]).forCheckout("USD")?.id).toBe("sandbox");
    expect(providerChoice([stripe, payos]).byId("sandbox")).toBeUndefined();
  });
});

describe("payOS against its fake", () => {
  it("a checkout opens a link of the exact price with our page as its checkout, and keeps the QR", async () => {
    const owner = await newOwner();
    const { token, checkoutUrl, link } = await checkout(owner);
    expect(checkoutUrl).toBe(`http://app.test/vi/billing/checkout/${token}`);
    expect(link).toMatchObject({ provider: "payos", amount: 499_000, currency: "VND" });
    expect(link.qrCode).toMatch(/^000201/);
    expect(peer.links.get(link.ref)?.amount).toBe(499_000);
  });

  it("a signed transfer event is stored once under link:reference and converges the checkout from payOS's state", async () => {
    const owner = await newOwner();
    const { token, link } = await checkout(owner);
    const data = peer.transfer(link.ref, 499_000);
    const body = peer.signWebhook(data);
    const first = await receiveEvent(db(), provider, body, {});
    const again = await receiveEvent(db(), provider, body, {});
    expect(again).toEqual({ id: first.id, duplicate: true });
    expect(await processEvent(db(), provider, first.id)).toBe(true);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.ownerId, owner));
    expect(sub).toMatchObject({ status: "active", plan: "starter", provider: "payos" });
    expect((await paymentOf(db(), provider, owner, token))?.status).toBe("succeeded");
    const event = await provider.verifyEvent(body, {});
    expect(event).toMatchObject({
      id: `${link.ref}:${data.reference}`,
      type: "transfer",
      subject: { kind: "payment", ref: link.ref },
      customer: owner,
    });
  });

  it("refuses forged events with EventVerificationError", async () => {
    const owner = await newOwner();
    const { link } = await checkout(owner);
    const data = peer.transfer(link.ref, 1_000);
    const bad = [
      peer.signWebhook(data, { secret: "wrong" }),
      peer.signWebhook(data, { tamper: (b) => b.replace('"amount":1000', '"amount":499000') }),
      "not json",
      "null",
      JSON.stringify({ data: [1], signature: "x" }),
      JSON.stringify({ data, signature: 42 }),
    ];
    for (const body of bad)
      await expect(provider.verifyEvent(body, {})).rejects.toThrow(EventVerificationError);
  });

  it("a link that is not ours is an event about nothing", async () => {
    const data = {
      ...peer.transfer((await checkout(await newOwner())).link.ref, 1),
      paymentLinkId: "f".repeat(32),
    };
    const event = await provider.verifyEvent(peer.signWebhook(data), {});
    expect(event.subject).toEqual({ kind: "none", ref: "f".repeat(32) });
    expect(event.customer).toBeNull();
  });

  it("an underpaid link is verifying with the rest due; payOS down is thrown, not read as a failure", async () => {
    const owner = await newOwner();
    const { link } = await checkout(owner);
    peer.transfer(link.ref, 99_000);
    expect(await provider.getPayment(link.ref)).toMatchObject({
      status: "verifying",
      amount: 99_000,
      amountDue: 400_000,
      currency: "VND",
      methodKind: "bank_transfer",
      customer: owner,
    });
    peer.down = true;
    try {
      await expect(provider.getPayment(link.ref)).rejects.toThrow();
      await expect(provider.expireCheckout(link.ref)).rejects.toThrow();
    } finally {
      peer.down = false;
    }
    expect(await provider.getPayment("not-a-link-of-ours")).toBeNull();
  });

  it("cancelling a paid link is refused by payOS and swallowed: the link stays paid", async () => {
    const owner = await newOwner();
    const { link } = await checkout(owner);
    peer.transfer(link.ref, 499_000);
    await provider.expireCheckout(link.ref);
    expect((await provider.getPayment(link.ref))?.status).toBe("succeeded");
  });

  it("money that reaches a checkout we had closed is honoured, never lost; with a plan already active it is invoiced for a refund", async () => {
    const owner = await newOwner();
    const { token, link } = await checkout(owner);
    // The link could not be cancelled (payOS down while the owner started another checkout): closed here only.
    await db()
      .update(paymentTokens)
      .set({ status: "expired" })
      .where(eq(paymentTokens.providerRef, link.ref));
    peer.transfer(link.ref, 499_000);
    await syncPayment(db(), provider, link.ref);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.ownerId, owner));
    expect(sub).toMatchObject({ status: "active", plan: "starter" });
    expect((await paymentOf(db(), provider, owner, token))?.status).toBe("succeeded");

    // A second closed link paid while the plan is active: nothing changes but the money is on an invoice.
    const other = await provider.openLink({
      ownerId: owner,
      amount: 499_000,
      returnUrl: "http://app.test/vi/billing",
      expiresAt: new Date(Date.now() + 3_600_000),
      item: "late",
    });
    const [row] = await db()
      .insert(paymentTokens)
      .values({
        tokenHash: `late-${other.ref}`,
        ownerId: owner,
        plan: "business",
        cycle: "monthly",
        currency: "VND",
        amount: 499_000,
        provider: "payos",
        providerRef: other.ref,
        status: "expired",
        expiresAt: new Date(),
      })
      .returning({ id: paymentTokens.id });
    expect(row).toBeDefined();
    peer.transfer(other.ref, 499_000);
    await syncPayment(db(), provider, other.ref);
    const [still] = await db().select().from(subscriptions).where(eq(subscriptions.ownerId, owner));
    expect(still).toMatchObject({ status: "active", plan: "starter" });
    const paid = await db().select().from(invoices).where(eq(invoices.ownerId, owner));
    expect(paid.map((i) => [i.status, i.total])).toEqual([
      ["paid", 499_000],
      ["paid", 499_000],
    ]);
  });

  it("a renewal by transfer: the link comes with the upcoming invoice; payOS down at the period's end fails nobody; paid, it renews", async () => {
    const owner = await newOwner();
    const { link } = await checkout(owner);
    peer.transfer(link.ref, 499_000);
    await syncPayment(db(), provider, link.ref);
    const subOf = async () =>
      (await db().select().from(subscriptions).where(eq(subscriptions.ownerId, owner)))[0]!;
    const end = (await subOf()).currentPeriodEnd!.getTime();

    expect((await runBilling(db(), provider, new Date(end - 2 * 86_400_000), owner)).transfers).toBe(1);
    expect((await runBilling(db(), provider, new Date(end - 86_400_000), owner)).transfers).toBe(0);
    const renewalOf = async () =>
      (await db().select().from(invoices).where(eq(invoices.ownerId, owner))).find(
        (i) => i.kind === "renewal",
      )!;
    const ref = (await renewalOf()).providerPaymentRef!;
    expect(peer.links.get(ref)?.amount).toBe(499_000);

    peer.down = true;
    try {
      await runBilling(db(), provider, new Date(end + 60_000), owner);
    } finally {
      peer.down = false;
    }
    expect((await subOf()).status).toBe("active");
    expect((await renewalOf()).status).not.toBe("failed");

    peer.transfer(ref, 499_000);
    await runBilling(db(), provider, new Date(end + 120_000), owner);
    const renewed = await subOf();
    expect(renewed.status).toBe("active");
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(end);
    expect(await renewalOf()).toMatchObject({ status: "paid", paymentMethodLabel: "Bank transfer" });
  });
});
