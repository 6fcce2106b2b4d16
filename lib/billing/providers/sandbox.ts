import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxCards, sandboxPayments } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import type { Currency } from "../money";
import {
  type ChargeRequest,
  type Checkout,
  type CheckoutRequest,
  EventVerificationError,
  type NormalizedEvent,
  type PaymentProvider,
  type ProviderMethod,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from "./types";

const log = logger("billing");

/**
 * The built-in payment provider (BILL-3): everything a real one does, in-process, on its own tables, so the
 * product runs and is tested end to end with no account anywhere. Outcomes leave it only as HMAC-signed events
 * handed to `deliver`, which the product verifies with `verifyEvent` exactly as it will a real provider's.
 *
 * Test cards (Stripe's numbers, so a tester's habits carry over): 4242 4242 4242 4242 pays; 4000 0000 0000 0002
 * is declined, 4000 0000 0000 9995 for insufficient funds, 4000 0000 0000 0069 as expired (the bank's answer,
 * whatever expiry was typed); 4000 0000 0000 0341 pays and is saved, then every later charge on it is
 * declined; an expiry in the past is refused. A bank transfer stays `verifying` until `settle` says its funds
 * arrived.
 */

export const SANDBOX_PROVIDER = "sandbox";
export const SIGNATURE_HEADER = "sandbox-signature";
/** An event signed longer ago than this is refused: a captured body cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

export type CardBehaviour = "ok" | "decline" | "insufficient_funds" | "expired" | "decline_renewal";

const testCards: Record<string, CardBehaviour> = {
  "4242424242424242": "ok",
  "4000000000000002": "decline",
  "4000000000009995": "insufficient_funds",
  "4000000000000069": "expired",
  "4000000000000341": "decline_renewal",
};

/** The cards a checkout declines outright, with the reason the bank gives (the checkout page says it). */
const declines: Partial<Record<CardBehaviour, string>> = {
  decline: "card_declined",
  insufficient_funds: "insufficient_funds",
  expired: "expired_card",
};

export type CardInput = { card_number: string; exp_month: number; exp_year: number; cvc: string };
export type PayInput = CardInput | { method: "bank_transfer" };

/** A payment the sandbox refused before attempting it (bad input, not a decline): the checkout stays open. */
export class SandboxInputError extends Error {
  constructor(readonly code: "invalid_number" | "invalid_cvc" | "expired_card" | "not_payable" | "unknown") {
    super(`sandbox: ${code}`);
    this.name = "SandboxInputError";
  }
}

export type EventDelivery = (rawBody: string, headers: Record<string, string>) => Promise<void>;

export type SandboxOptions = {
  db: Db;
  /** signs events; derive it with `sandboxSecret(SESSION_SECRET)` */
  secret: string;
  /** where events go (the webhook route posts them to itself; tests call the receiver directly) */
  deliver?: EventDelivery;
  /** the page that takes test cards, `{token}` and `{locale}` replaced */
  checkoutUrl?: string;
  now?: () => Date;
};

/** The events' signing key, derived from the session secret so the embedded set-up needs no new setting. */
export function sandboxSecret(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("agentcity billing sandbox events v1").digest("hex");
}

const newRef = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

export function signEvent(secret: string, rawBody: string, timestamp: number): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

type PaymentRow = typeof sandboxPayments.$inferSelect;

function toPayment(row: PaymentRow): ProviderPayment {
  return {
    ref: row.ref,
    customer: row.customer,
    status: row.status as ProviderPaymentStatus,
    amount: row.amount,
    currency: row.currency as Currency,
    methodRef: row.methodRef,
    methodKind: row.methodKind,
    failureCode: row.failureCode,
    settledAt: row.settledAt,
  };
}

function toMethod(row: typeof sandboxCards.$inferSelect): ProviderMethod {
  return {
    ref: row.ref,
    customer: row.customer,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
  };
}

/** Whether a card's expiry (the end of its month, UTC) has passed at `now`. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  return now.getTime() >= Date.UTC(expYear, expMonth, 1);
}

export class SandboxProvider implements PaymentProvider {
  readonly id = SANDBOX_PROVIDER;
  readonly testMode = true;
  readonly collects = "card" as const;
  private readonly db: Db;
  private readonly secret: string;
  private readonly deliver: EventDelivery;
  private readonly checkoutUrl: string;
  private readonly now: () => Date;

  constructor(opts: SandboxOptions) {
    this.db = opts.db;
    this.secret = opts.secret;
    // Without a receiver events are dropped; the product still converges by reading payments' status.
    this.deliver = opts.deliver ?? (async () => {});
    this.checkoutUrl = opts.checkoutUrl ?? "/{locale}/billing/checkout/{token}";
    this.now = opts.now ?? (() => new Date());
  }

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const ref = newRef("sbx_pay");
    await this.db.insert(sandboxPayments).values({
      ref,
      customer: req.ownerId,
      amount: req.amount,
      currency: req.currency,
      status: "pending",
      insertedAt: this.now(),
    });
    const url = this.checkoutUrl
      .replace("{locale}", encodeURIComponent(req.locale))
      .replace("{token}", encodeURIComponent(req.token));
    return { ref, url };
  }

  async expireCheckout(ref: string): Promise<void> {
    const [row] = await this.db
      .update(sandboxPayments)
      .set({ status: "expired" })
      .where(and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.status, "pending")))
      .returning();
    if (row) await this.emit("payment.updated", row);
  }

  async getPayment(ref: string): Promise<ProviderPayment | null> {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref));
    return row ? toPayment(row) : null;
  }

  /**
   * The checkout page's "Pay" (sandbox only): a card is checked, then charged and saved, or declined; a bank
   * transfer leaves the payment `verifying`. Input errors throw SandboxInputError and leave it payable.
   */
  async payCheckout(ref: string, input: PayInput): Promise<ProviderPayment> {
    const now = this.now();
    const [payment] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref));
    if (!payment) throw new SandboxInputError("unknown");
    if (payment.status !== "pending") throw new SandboxInputError("not_payable");
    const pending = and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.status, "pending"));
    if ("method" in input) {
      const [row] = await this.db
        .update(sandboxPayments)
        .set({ status: "verifying", methodKind: "bank_transfer" })
        .where(pending)
        .returning();
      if (!row) throw new SandboxInputError("not_payable");
      await this.emit("payment.updated", row);
      return toPayment(row);
    }
    const behaviour = this.checkCard(input, now);
    const declined = declines[behaviour];
    if (declined) {
      const [row] = await this.db
        .update(sandboxPayments)
        .set({ status: "failed", methodKind: "card", failureCode: declined })
        .where(pending)
        .returning();
      if (!row) throw new SandboxInputError("not_payable");
      await this.emit("payment.updated", row);
      return toPayment(row);
    }
    // The payment is taken first: a checkout that expired meanwhile leaves no card saved behind it.
    const cardRef = newRef("sbx_card");
    const [row] = await this.db
      .update(sandboxPayments)
      .set({ status: "succeeded", methodKind: "card", methodRef: cardRef, settledAt: now })
      .where(pending)
      .returning();
    if (!row) throw new SandboxInputError("not_payable");
    await this.saveCard(payment.customer, input, behaviour, now, cardRef);
    await this.emit("payment.updated", row);
    return toPayment(row);
  }

  /** A bank transfer's funds arrive (sandbox only). */
  async settle(ref: string): Promise<ProviderPayment | null> {
    const [row] = await this.db
      .update(sandboxPayments)
      .set({ status: "succeeded", settledAt: this.now() })
      .where(and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.status, "verifying")))
      .returning();
    if (!row) return this.getPayment(ref);
    await this.emit("payment.updated", row);
    return toPayment(row);
  }

  /** Adds a card from the billing page (sandbox only); a declining test card is refused. */
  async attachCard(customer: string, input: CardInput): Promise<ProviderMethod> {
    const behaviour = this.checkCard(input, this.now());
    if (declines[behaviour]) throw new SandboxInputError("invalid_number");
    return this.saveCard(customer, input, behaviour, this.now());
  }

  async chargeMethod(req: ChargeRequest): Promise<ProviderPayment> {
    const now = this.now();
    const [card] = await this.db
      .select()
      .from(sandboxCards)
      .where(and(eq(sandboxCards.ref, req.methodRef), eq(sandboxCards.customer, req.ownerId)));
    let status: ProviderPaymentStatus = "succeeded";
    let failureCode: string | null = null;
    if (!card || card.detachedAt) [status, failureCode] = ["failed", "no_payment_method"];
    else if (cardExpired(card.expMonth, card.expYear, now))
      [status, failureCode] = ["failed", "expired_card"];
    else if (card.behaviour !== "ok") [status, failureCode] = ["failed", "card_declined"];
    const [row] = await this.db
      .insert(sandboxPayments)
      .values({
        ref: newRef("sbx_pay"),
        customer: req.ownerId,
        amount: req.amount,
        currency: req.currency,
        status,
        methodRef: req.methodRef,
        methodKind: "card",
        failureCode,
        idempotencyKey: req.idempotencyKey,
        insertedAt: now,
        settledAt: status === "succeeded" ? now : null,
      })
      .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
      .returning();
    if (row) {
      await this.emit("payment.updated", row);
      return toPayment(row);
    }
    const [existing] = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, req.idempotencyKey));
    return toPayment(existing!);
  }

  async listMethods(customer: string): Promise<ProviderMethod[]> {
    const rows = await this.db
      .select()
      .from(sandboxCards)
      .where(and(eq(sandboxCards.customer, customer), isNull(sandboxCards.detachedAt)))
      .orderBy(sandboxCards.insertedAt);
    return rows.map(toMethod);
  }

  async getMethod(ref: string): Promise<ProviderMethod | null> {
    const [row] = await this.db
      .select()
      .from(sandboxCards)
      .where(and(eq(sandboxCards.ref, ref), isNull(sandboxCards.detachedAt)));
    return row ? toMethod(row) : null;
  }

  async detachMethod(customer: string, ref: string): Promise<void> {
    const [row] = await this.db
      .update(sandboxCards)
      .set({ detachedAt: this.now(), isDefault: false })
      .where(
        and(eq(sandboxCards.ref, ref), eq(sandboxCards.customer, customer), isNull(sandboxCards.detachedAt)),
      )
      .returning();
    if (row) await this.emitMethod(row.ref, customer);
  }

  async setDefaultMethod(customer: string, ref: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(sandboxCards)
        .set({ isDefault: false })
        .where(and(eq(sandboxCards.customer, customer), ne(sandboxCards.ref, ref)));
      await tx
        .update(sandboxCards)
        .set({ isDefault: true })
        .where(and(eq(sandboxCards.ref, ref), eq(sandboxCards.customer, customer)));
    });
    await this.emitMethod(ref, customer);
  }

  verifyEvent(rawBody: string, headers: Readonly<Record<string, string | undefined>>): NormalizedEvent {
    const header = headers[SIGNATURE_HEADER] ?? "";
    const parts = Object.fromEntries(
      header.split(",").map((p) => {
        const i = p.indexOf("=");
        return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
      }),
    );
    const timestamp = Number(parts.t);
    if (!Number.isInteger(timestamp) || !parts.v1) throw new EventVerificationError("missing signature");
    const expected = Buffer.from(signEvent(this.secret, rawBody, timestamp).split("v1=")[1]!, "hex");
    const given = Buffer.from(String(parts.v1), "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new EventVerificationError("bad signature");
    }
    if (Math.abs(this.now().getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) {
      throw new EventVerificationError("signature too old");
    }
    let body: {
      id?: unknown;
      type?: unknown;
      data?: { object?: unknown; ref?: unknown; customer?: unknown };
    };
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new EventVerificationError("body is not JSON");
    }
    const kind = body.data?.object;
    if (
      typeof body.id !== "string" ||
      typeof body.type !== "string" ||
      (kind !== "payment" && kind !== "method") ||
      typeof body.data?.ref !== "string"
    ) {
      throw new EventVerificationError("not an event");
    }
    return {
      id: body.id,
      type: body.type,
      subject: { kind, ref: body.data.ref },
      customer: typeof body.data.customer === "string" ? body.data.customer : null,
      payload: body as Record<string, unknown>,
    };
  }

  private checkCard(input: CardInput, now: Date): CardBehaviour {
    const number = String(input.card_number).replace(/[\s-]/g, "");
    const behaviour = testCards[number];
    if (!behaviour) throw new SandboxInputError("invalid_number");
    if (!/^\d{3,4}$/.test(String(input.cvc ?? ""))) throw new SandboxInputError("invalid_cvc");
    const month = Number(input.exp_month);
    const year = Number(input.exp_year) < 100 ? 2000 + Number(input.exp_year) : Number(input.exp_year);
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
      throw new SandboxInputError("expired_card");
    }
    if (cardExpired(month, year, now)) throw new SandboxInputError("expired_card");
    return behaviour;
  }

  private async saveCard(
    customer: string,
    input: CardInput,
    behaviour: CardBehaviour,
    now: Date,
    ref = newRef("sbx_card"),
  ) {
    const number = String(input.card_number).replace(/[\s-]/g, "");
    const expYear = Number(input.exp_year) < 100 ? 2000 + Number(input.exp_year) : Number(input.exp_year);
    const row = await this.db.transaction(async (tx) => {
      // A new card becomes the default, as a customer who just typed it expects.
      await tx.update(sandboxCards).set({ isDefault: false }).where(eq(sandboxCards.customer, customer));
      const [inserted] = await tx
        .insert(sandboxCards)
        .values({
          ref,
          customer,
          brand: "visa",
          last4: number.slice(-4),
          expMonth: Number(input.exp_month),
          expYear,
          behaviour,
          isDefault: true,
          insertedAt: now,
        })
        .returning();
      return inserted!;
    });
    await this.emitMethod(row.ref, customer);
    return toMethod(row);
  }

  private async emit(type: string, payment: PaymentRow): Promise<void> {
    await this.send({
      id: newRef("evt"),
      type,
      created: Math.floor(this.now().getTime() / 1000),
      // The status is informative only: the receiver reads the payment back before acting.
      data: { object: "payment", ref: payment.ref, customer: payment.customer, status: payment.status },
    });
  }

  private async emitMethod(ref: string, customer: string): Promise<void> {
    await this.send({
      id: newRef("evt"),
      type: "method.updated",
      created: Math.floor(this.now().getTime() / 1000),
      data: { object: "method", ref, customer },
    });
  }

  private async send(event: Record<string, unknown>): Promise<void> {
    const raw = JSON.stringify(event);
    const signature = signEvent(this.secret, raw, Math.floor(this.now().getTime() / 1000));
    try {
      await this.deliver(raw, { [SIGNATURE_HEADER]: signature, "content-type": "application/json" });
    } catch (err) {
      // A provider retries deliveries; here the payment's stored status is what the product converges on.
      log.error(`sandbox event ${String(event.id)} not delivered: ${(err as Error).message}`);
    }
  }
}
