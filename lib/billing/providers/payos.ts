import "server-only";
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { APIError, type PaymentLink, PayOS } from "@payos/node";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { paymentTokens, transferLinks } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import {
  type Checkout,
  type CheckoutRequest,
  EventVerificationError,
  type NormalizedEvent,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from "./types";

const log = logger("billing");

/**
 * payOS (issue 16): VietQR bank transfers in VND. Every payment is a payment link: a QR and bank details the
 * owner pays from a banking app. There is nothing to charge later, so a renewal is another link e-mailed
 * before the period ends (lib/billing/transfers.ts). The link's creation is the only answer that carries
 * the QR and the account, so those are kept in `transfer_links`; the link's state is always asked again
 * (`getPayment`), never taken from an event.
 *
 * payOS's events carry no id: one is made of the link and the bank's transfer reference, so a redelivered
 * transfer is one event and a second transfer to the same link (the rest of an underpaid amount) another.
 */

export const PAYOS_PROVIDER = "payos";

/** payOS keeps a link payable this long; our own checkout token retires it earlier when left unpaid. */
export const TRANSFER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export type PayosOptions = {
  db: Db;
  clientId: string;
  apiKey: string;
  checksumKey: string;
  /** another API host (the tests' fake); unset = api-merchant.payos.vn */
  apiBase?: string;
  /** our own page that shows a checkout's QR: `{locale}` and `{token}` replaced */
  checkoutUrl: string;
};

export type NewLink = {
  ownerId: string;
  amount: number;
  returnUrl: string;
  expiresAt: Date;
  /** the item's name on payOS's side, e.g. "AgentCity Starter (monthly)" */
  item: string;
  tokenId?: string;
  invoiceId?: string;
  /** a code derived from what the link pays, so a repeated request meets the same link (renewals) */
  orderCode?: number;
};

const clients = new Map<string, PayOS>();

function client(o: PayosOptions): PayOS {
  const key = [o.clientId, o.apiKey, o.checksumKey, o.apiBase ?? ""].join("\u0000");
  let c = clients.get(key);
  if (!c) {
    c = new PayOS({
      clientId: o.clientId,
      apiKey: o.apiKey,
      checksumKey: o.checksumKey,
      ...(o.apiBase ? { baseURL: o.apiBase } : {}),
      // A payment check waits on this: a dead gateway must answer "verifying" soon, not hang the page.
      timeout: 10_000,
      maxRetries: 1,
      logLevel: "off",
    });
    clients.set(key, c);
  }
  return c;
}

/** The transfer's description: short (some banks keep 9–25 characters) and unique, to find it in a statement. */
export const transferDescription = (orderCode: number) => `AC${orderCode.toString(36).toUpperCase()}`;

/**
 * payOS's answer that the thing asked about does not exist or cannot change: an error code in a 2xx
 * envelope, or a 4xx. A connection failure (no status), 429 or 5xx is an outage instead.
 */
const isRefusal = (err: unknown) =>
  err instanceof APIError &&
  typeof err.status === "number" &&
  (err.status < 300 || (err.status >= 400 && err.status < 500 && err.status !== 429));

/** A link's state as the product's payment statuses. Pure: unit-tested. */
export function paymentStatusOf(link: Pick<PaymentLink, "status" | "amountPaid">): {
  status: ProviderPaymentStatus;
  failureCode: string | null;
} {
  switch (link.status) {
    case "PAID":
      return { status: "succeeded", failureCode: null };
    case "UNDERPAID":
      return { status: "verifying", failureCode: null };
    case "CANCELLED":
    case "EXPIRED":
    case "FAILED":
      // Money that reached a link before it closed is for support to settle, never "failed" to the owner.
      if (link.amountPaid > 0) return { status: "verifying", failureCode: null };
      return { status: "failed", failureCode: link.status.toLowerCase() };
    default:
      return { status: link.amountPaid > 0 ? "verifying" : "pending", failureCode: null };
  }
}

/** Compares two hex signatures in constant time (the SDK's own `verify` uses `!==`). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export class PayosProvider implements PaymentProvider {
  readonly id = PAYOS_PROVIDER;
  readonly testMode = false;
  readonly collects = "transfer" as const;
  private readonly sdk: PayOS;

  constructor(private readonly opts: PayosOptions) {
    this.sdk = client(opts);
  }

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const tokenHash = createHash("sha256").update(req.token).digest("hex");
    const [token] = await this.opts.db
      .select({ id: paymentTokens.id })
      .from(paymentTokens)
      .where(eq(paymentTokens.tokenHash, tokenHash));
    const link = await this.openLink({
      ownerId: req.ownerId,
      amount: req.amount,
      returnUrl: req.returnUrl,
      expiresAt: new Date(Date.now() + TRANSFER_LINK_TTL_MS),
      item: `AgentCity ${req.plan} (${req.cycle})`,
      tokenId: token?.id,
    });
    return {
      ref: link.ref,
      url: this.opts.checkoutUrl
        .replace("{locale}", encodeURIComponent(req.locale))
        .replace("{token}", encodeURIComponent(req.token)),
    };
  }

  /** Creates a payment link and keeps what its page shows. VND only: payOS takes nothing else. */
  async openLink(req: NewLink): Promise<{ ref: string; orderCode: number }> {
    if (!Number.isInteger(req.amount) || req.amount < 1) throw new Error("payOS: amount must be whole đồng");
    // Random, not a sequence: two deployments (staging, production) may share one payOS channel.
    const orderCode = req.orderCode ?? randomInt(100_000_000_000, 2 ** 47);
    const description = transferDescription(orderCode);
    const created = await this.sdk.paymentRequests.create({
      orderCode,
      amount: req.amount,
      description,
      returnUrl: req.returnUrl,
      cancelUrl: req.returnUrl,
      expiredAt: Math.floor(req.expiresAt.getTime() / 1000),
      items: [{ name: req.item.slice(0, 100), quantity: 1, price: req.amount }],
    });
    await this.opts.db.insert(transferLinks).values({
      provider: this.id,
      ref: created.paymentLinkId,
      orderCode,
      ownerId: req.ownerId,
      tokenId: req.tokenId ?? null,
      invoiceId: req.invoiceId ?? null,
      amount: created.amount,
      currency: "VND",
      description: created.description || description,
      bankBin: created.bin,
      accountNumber: created.accountNumber,
      accountName: created.accountName,
      qrCode: created.qrCode,
      checkoutUrl: created.checkoutUrl,
      expiresAt: req.expiresAt,
    });
    return { ref: created.paymentLinkId, orderCode };
  }

  async expireCheckout(ref: string): Promise<void> {
    try {
      await this.sdk.paymentRequests.cancel(ref, "Superseded or left unpaid");
    } catch (err) {
      // Already paid, cancelled or expired: the next read of the link tells which. An outage is thrown.
      if (!isRefusal(err)) throw err;
      log.info(`payOS did not cancel ${ref}: ${(err as Error).message}`);
    }
  }

  async getPayment(ref: string): Promise<ProviderPayment | null> {
    const [row] = await this.opts.db
      .select()
      .from(transferLinks)
      .where(and(eq(transferLinks.provider, this.id), eq(transferLinks.ref, ref)));
    if (!row) return null;
    let link: PaymentLink;
    try {
      link = await this.sdk.paymentRequests.get(ref);
    } catch (err) {
      if (err instanceof APIError && (err.status === 404 || err.code === "101")) return null;
      throw err;
    }
    const { status, failureCode } = paymentStatusOf(link);
    return {
      ref,
      customer: row.ownerId,
      status,
      // What arrived: a succeeded payment is checked against the price before it buys anything.
      amount: link.amountPaid,
      amountDue: Math.max(0, link.amountRemaining),
      currency: "VND",
      methodRef: null,
      methodKind: "bank_transfer",
      failureCode,
      settledAt: null,
    };
  }

  async chargeMethod(): Promise<ProviderPayment> {
    throw new Error("payOS keeps no card to charge: renewals are paid through a link");
  }

  async listMethods() {
    return [];
  }

  async getMethod() {
    return null;
  }

  async detachMethod(): Promise<void> {
    throw new Error("payOS keeps no saved methods");
  }

  async setDefaultMethod(): Promise<void> {
    throw new Error("payOS keeps no saved methods");
  }

  async verifyEvent(
    rawBody: string,
    _headers: Readonly<Record<string, string | undefined>>,
  ): Promise<NormalizedEvent> {
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new EventVerificationError("payOS event: the body is not JSON");
    }
    const { data, signature } = (body ?? {}) as { data?: unknown; signature?: unknown };
    if (!data || typeof data !== "object" || Array.isArray(data) || typeof signature !== "string") {
      throw new EventVerificationError("payOS event: data or signature missing");
    }
    const expected = await this.sdk.crypto.createSignatureFromObj(
      data as Record<string, unknown>,
      this.opts.checksumKey,
    );
    if (!expected || !sameSignature(expected, signature)) {
      throw new EventVerificationError("payOS event: the signature does not match");
    }
    const d = data as Record<string, unknown>;
    const linkId = typeof d.paymentLinkId === "string" ? d.paymentLinkId : "";
    const reference = typeof d.reference === "string" ? d.reference : "";
    if (!linkId) throw new EventVerificationError("payOS event: no paymentLinkId");
    const [row] = await this.opts.db
      .select({ ownerId: transferLinks.ownerId })
      .from(transferLinks)
      .where(and(eq(transferLinks.provider, this.id), eq(transferLinks.ref, linkId)));
    return {
      id: `${linkId}:${reference}`,
      type: typeof d.code === "string" && d.code !== "00" ? `transfer.${d.code}` : "transfer",
      // A link that is not ours (payOS's own "confirm webhook" test, another deployment) changes nothing.
      subject: { kind: row ? "payment" : "none", ref: linkId },
      customer: row?.ownerId ?? null,
      payload: d,
    };
  }
}
