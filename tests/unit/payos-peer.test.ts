import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { APIError, InvalidSignatureError, PayOS, UnauthorizedError, type Webhook } from "@payos/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crc16ccitt, type PayosPeer, payosSignature, startPayosPeer } from "../peers/payos";

/**
 * The fake payOS of tests/peers/payos.ts, driven by payOS's real SDK (@payos/node): the SDK signs its
 * requests and checks the signature on every answer, so a call that returns at all proves the peer signs
 * as payOS does. Links go PENDING → UNDERPAID → PAID with bank transfers, get cancelled, expire on the
 * peer's clock; payOS's refusals reach the SDK as APIError codes; its webhooks pass `webhooks.verify`.
 */

let peer: PayosPeer;
let sdk: PayOS;
let seq = 0;
const orderCode = () => Number(`${Date.now() % 1_000_000_000}${String(++seq).padStart(3, "0")}`);

const clientFor = (p: PayosPeer, over: { apiKey?: string; checksumKey?: string } = {}) =>
  new PayOS({
    clientId: p.clientId,
    apiKey: over.apiKey ?? p.apiKey,
    checksumKey: over.checksumKey ?? p.checksumKey,
    baseURL: p.baseUrl,
    maxRetries: 0,
    timeout: 5_000,
    logLevel: "off",
  });

const link = (amount = 50_000, extra: Record<string, unknown> = {}) => ({
  orderCode: orderCode(),
  amount,
  description: "AgentCity Pro 1 thang",
  cancelUrl: "http://app.test/vi/billing?payos=cancel",
  returnUrl: "http://app.test/vi/billing?payos=return",
  ...extra,
});

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

/** EMVCo tag-length-value fields of a QR string, top level. */
function fields(qr: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < qr.length; ) {
    const id = qr.slice(i, i + 2);
    const len = Number(qr.slice(i + 2, i + 4));
    out.set(id, qr.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

beforeAll(async () => {
  peer = await startPayosPeer();
  sdk = clientFor(peer);
});
afterAll(async () => {
  await peer?.stop();
});

describe("payOS peer", () => {
  it("signs as the SDK does (payosSignature) and checksums QR codes with CRC-16/CCITT-FALSE", async () => {
    const data = { b: 2, a: "x", n: null, list: [{ z: 1, y: "q" }], u: undefined };
    expect(payosSignature(data, "k")).toBe(await sdk.crypto.createSignatureFromObj(data, "k"));
    expect(payosSignature(data, "k")).not.toBe(payosSignature(data, "other"));
    expect(crc16ccitt("123456789")).toBe("29B1");
  });

  it("creates a link, reads it PENDING, then UNDERPAID and PAID as transfers arrive", async () => {
    const request = link(50_000, { buyerEmail: "owner@example.com" });
    const created = await sdk.paymentRequests.create(request);
    expect(created).toMatchObject({
      bin: "970422",
      amount: 50_000,
      description: request.description,
      orderCode: request.orderCode,
      currency: "VND",
      status: "PENDING",
    });
    expect(created.paymentLinkId).toMatch(/^[0-9a-f]{32}$/);
    expect(created.checkoutUrl).toBe(`${peer.baseUrl}/web/${created.paymentLinkId}`);
    expect(peer.requests).toContain("POST /v2/payment-requests");
    expect(peer.links.get(created.paymentLinkId)?.buyerEmail).toBe("owner@example.com");

    // A VietQR code for this transfer, its CRC right.
    const qr = created.qrCode;
    expect(qr.startsWith("000201010212")).toBe(true);
    expect(qr.slice(-8, -4)).toBe("6304");
    expect(qr.slice(-4)).toBe(crc16ccitt(qr.slice(0, -4)));
    const top = fields(qr);
    expect(top.get("54")).toBe("50000");
    expect(top.get("53")).toBe("704");
    expect(fields(top.get("62")!).get("08")).toBe(request.description);
    const account = fields(fields(top.get("38")!).get("01")!);
    expect(account.get("00")).toBe("970422");
    expect(account.get("01")).toBe(created.accountNumber);

    const pending = await sdk.paymentRequests.get(created.paymentLinkId);
    expect(pending).toMatchObject({ id: created.paymentLinkId, status: "PENDING", amountPaid: 0 });
    expect(pending.amountRemaining).toBe(50_000);
    expect(pending.transactions).toEqual([]);
    expect(Number.isNaN(Date.parse(pending.createdAt))).toBe(false);

    const first = peer.transfer(created.paymentLinkId, 20_000);
    expect(first).toMatchObject({ amount: 20_000, orderCode: request.orderCode, code: "00" });
    expect(first.transactionDateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const underpaid = await sdk.paymentRequests.get(request.orderCode);
    expect(underpaid).toMatchObject({ status: "UNDERPAID", amountPaid: 20_000, amountRemaining: 30_000 });
    expect(underpaid.transactions).toHaveLength(1);
    expect(underpaid.transactions[0]).toMatchObject({
      reference: first.reference,
      amount: 20_000,
      accountNumber: created.accountNumber,
      virtualAccountName: null,
    });

    const second = peer.transfer(created.paymentLinkId, 30_000);
    expect(second.reference).not.toBe(first.reference);
    const paid = await sdk.paymentRequests.get(created.paymentLinkId);
    expect(paid).toMatchObject({ status: "PAID", amountPaid: 50_000, amountRemaining: 0 });
    expect(paid.transactions.map((t) => t.amount)).toEqual([20_000, 30_000]);
    expect(() => peer.transfer(created.paymentLinkId, 1)).toThrow(/PAID/);

    // payOS will not cancel a paid link.
    const refused = await rejection(sdk.paymentRequests.cancel(created.paymentLinkId, "too late"));
    expect(refused).toBeInstanceOf(APIError);
    expect((refused as APIError).code).toBe("101");
    expect(peer.links.get(created.paymentLinkId)?.status).toBe("PAID");
  });

  it("cancels a link (twice is fine) and a cancelled link takes no transfer", async () => {
    const created = await sdk.paymentRequests.create(link());
    const cancelled = await sdk.paymentRequests.cancel(created.paymentLinkId, "changed my mind");
    expect(cancelled).toMatchObject({ status: "CANCELLED", cancellationReason: "changed my mind" });
    expect(cancelled.canceledAt).not.toBeNull();
    expect(peer.requests).toContain(`POST /v2/payment-requests/${created.paymentLinkId}/cancel`);
    const again = await sdk.paymentRequests.cancel(created.orderCode);
    expect(again).toMatchObject({ status: "CANCELLED", cancellationReason: "changed my mind" });
    expect(() => peer.transfer(created.paymentLinkId, 1_000)).toThrow(/CANCELLED/);
  });

  it("reads a link EXPIRED once its expiredAt has passed on the peer's clock", async () => {
    const expiredAt = Math.floor(Date.now() / 1000) + 600;
    const created = await sdk.paymentRequests.create(link(10_000, { expiredAt }));
    expect(created.expiredAt).toBe(expiredAt);
    expect((await sdk.paymentRequests.get(created.paymentLinkId)).status).toBe("PENDING");
    try {
      peer.now = () => Date.now() + 601_000;
      expect((await sdk.paymentRequests.get(created.paymentLinkId)).status).toBe("EXPIRED");
      expect(peer.linkByOrderCode(created.orderCode)?.status).toBe("EXPIRED");
      expect(() => peer.transfer(created.paymentLinkId, 10_000)).toThrow(/EXPIRED/);
    } finally {
      peer.now = () => Date.now();
    }
    expect((await sdk.paymentRequests.get(created.paymentLinkId)).status).toBe("PENDING");
  });

  it("answers payOS's refusals as SDK errors with payOS's codes", async () => {
    const codeOf = async (p: Promise<unknown>) => {
      const err = await rejection(p);
      expect(err).toBeInstanceOf(APIError);
      return (err as APIError).code;
    };
    const first = link();
    await sdk.paymentRequests.create(first);
    expect(await codeOf(sdk.paymentRequests.create({ ...first, amount: 1_000 }))).toBe("231");
    expect(await codeOf(sdk.paymentRequests.create(link(1_000, { description: "x".repeat(26) })))).toBe("20");
    // 25 characters is still fine.
    await sdk.paymentRequests.create(link(1_000, { description: "x".repeat(25) }));
    expect(await codeOf(sdk.paymentRequests.create(link(1_000.5)))).toBe("20");
    expect(await codeOf(sdk.paymentRequests.create(link(0)))).toBe("20");
    expect(await codeOf(sdk.paymentRequests.create(link(-5)))).toBe("20");
    // A request signed with another checksum key.
    expect(await codeOf(clientFor(peer, { checksumKey: "not-the-key" }).paymentRequests.create(link()))).toBe(
      "201",
    );
    expect(await codeOf(sdk.paymentRequests.get("0123456789abcdef0123456789abcdef"))).toBe("101");
    expect(await codeOf(sdk.paymentRequests.get(999_999_999_999))).toBe("101");
    expect(await codeOf(sdk.paymentRequests.cancel("0123456789abcdef0123456789abcdef"))).toBe("101");

    const unauthorized = await rejection(clientFor(peer, { apiKey: "wrong" }).paymentRequests.create(link()));
    expect(unauthorized).toBeInstanceOf(UnauthorizedError);
    expect((unauthorized as APIError).status).toBe(401);
    const count = peer.links.size;
    await rejection(clientFor(peer, { apiKey: "wrong" }).paymentRequests.create(link()));
    expect(peer.links.size).toBe(count);
  });

  it("signs every answer: the SDK accepts the peer's signature and refuses one made with another key", async () => {
    const created = await sdk.paymentRequests.create(link());
    try {
      peer.signWith = "someone-else";
      const err = await rejection(sdk.paymentRequests.get(created.paymentLinkId));
      expect(err).toBeInstanceOf(InvalidSignatureError);
    } finally {
      peer.signWith = null;
    }
    expect((await sdk.paymentRequests.get(created.paymentLinkId)).status).toBe("PENDING");
  });

  it("answers 503 to everything while down", async () => {
    peer.down = true;
    try {
      const err = await rejection(sdk.paymentRequests.get(1));
      expect(err).toBeInstanceOf(APIError);
      expect((err as APIError).status).toBe(503);
    } finally {
      peer.down = false;
    }
    expect(await rejection(sdk.paymentRequests.get(1))).toHaveProperty("code", "101");
  });

  it("signs webhooks the SDK's webhooks.verify accepts, and not when tampered or signed with another key", async () => {
    const created = await sdk.paymentRequests.create(link(70_000));
    const data = peer.transfer(created.paymentLinkId, 70_000);
    const body = JSON.parse(peer.signWebhook(data)) as Webhook;
    expect(body).toMatchObject({ code: "00", desc: "success", success: true });
    expect(await sdk.webhooks.verify(body)).toEqual(data);
    expect(data).toMatchObject({ amount: 70_000, paymentLinkId: created.paymentLinkId, currency: "VND" });

    const tampered = JSON.parse(
      peer.signWebhook(data, { tamper: (raw) => raw.replace('"amount":70000', '"amount":700000') }),
    ) as Webhook;
    expect(tampered.data.amount).toBe(700_000);
    await expect(sdk.webhooks.verify(tampered)).rejects.toThrow(/integrity/);
    const foreign = JSON.parse(peer.signWebhook(data, { secret: "another-key" })) as Webhook;
    await expect(sdk.webhooks.verify(foreign)).rejects.toThrow(/integrity/);
  });

  it("pays through the app's webhook URL and its checkout page", async () => {
    const received: Webhook[] = [];
    const app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const hook = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Webhook;
        sdk.webhooks.verify(hook).then(
          () => {
            received.push(hook);
            res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
          },
          () => res.writeHead(400, { "content-type": "application/json" }).end('{"ok":false}'),
        );
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    try {
      peer.webhookUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/hook`;

      const created = await sdk.paymentRequests.create(link(40_000));
      const part = await peer.pay(created.paymentLinkId, 15_000);
      expect(part).toMatchObject({ status: 200, body: { ok: true }, data: { amount: 15_000 } });
      const rest = await peer.pay(created.paymentLinkId);
      expect(rest.data.amount).toBe(25_000);
      expect(received.map((h) => h.data.amount)).toEqual([15_000, 25_000]);
      expect(peer.links.get(created.paymentLinkId)?.status).toBe("PAID");
      expect(await peer.post(peer.signWebhook(rest.data, { secret: "x" }))).toEqual({
        status: 400,
        body: { ok: false },
      });

      // The checkout page: Pay sends the webhook and goes back to returnUrl with payOS's query.
      const viaPage = await sdk.paymentRequests.create(link(12_000));
      const page = await fetch(viaPage.checkoutUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("payOS (test)");
      const paid = await fetch(`${viaPage.checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      const back = new URL(paid.headers.get("location")!);
      expect(back.origin + back.pathname).toBe("http://app.test/vi/billing");
      expect(Object.fromEntries(back.searchParams)).toEqual({
        payos: "return",
        code: "00",
        id: viaPage.paymentLinkId,
        cancel: "false",
        status: "PAID",
        orderCode: String(viaPage.orderCode),
      });
      expect(received.at(-1)?.data).toMatchObject({ paymentLinkId: viaPage.paymentLinkId, amount: 12_000 });

      const toCancel = await sdk.paymentRequests.create(link(12_000));
      const cancelled = await fetch(`${toCancel.checkoutUrl}/cancel`, { method: "POST", redirect: "manual" });
      expect(cancelled.status).toBe(303);
      const cancelBack = new URL(cancelled.headers.get("location")!);
      expect(cancelBack.searchParams.get("payos")).toBe("cancel");
      expect(cancelBack.searchParams.get("cancel")).toBe("true");
      expect(cancelBack.searchParams.get("status")).toBe("CANCELLED");
      expect((await sdk.paymentRequests.get(toCancel.paymentLinkId)).status).toBe("CANCELLED");
    } finally {
      peer.webhookUrl = "";
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  });
});
