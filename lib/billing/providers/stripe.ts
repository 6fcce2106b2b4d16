import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Db } from "@/lib/db/client";
import { billingCustomers, paymentTokens } from "@/lib/db/schema";
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
 * Stripe as a card processor (issue 16). AgentCity keeps ONE subscription engine for every provider: its own
 * periods, renewals, retries, proration and gap-free invoice numbers (lib/billing/renewals.ts, changes.ts,
 * invoices.ts). Stripe Billing's subscriptions would be a second engine that disagrees with the first on
 * proration, retries and numbering, so they are not used. Stripe only moves money:
 *
 * - checkout is a Checkout Session in `payment` mode for the owner's Stripe customer that saves the card
 *   (`setup_future_usage: off_session`);
 * - renewals and upgrades are off-session PaymentIntents on the saved card, once per idempotency key;
 * - a card is added through a Checkout Session in `setup` mode (`startCardSetup`).
 *
 * The product's id for the owner never leaves AgentCity as a customer id: each owner gets one Stripe customer
 * (`billing_customers`), and every customer Stripe names is mapped back through that table; one that is not
 * there belongs to nobody here and its events change nothing.
 */

export const STRIPE_PROVIDER = "stripe";
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";
/** An event signed longer ago than this is refused (Stripe's own default tolerance). */
export const STRIPE_TOLERANCE_SECONDS = 300;

export type StripeOptions = {
  db: Db;
  secretKey: string;
  webhookSecret: string;
  /** another API host (the tests' fake), e.g. http://127.0.0.1:12111 */
  apiBase?: string;
  /** where a card set-up returns: `{locale}` replaced */
  methodsUrl: string;
};

/** The SDK's host options for STRIPE_API_BASE. */
export function stripeHostOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
  };
}

const clients = new Map<string, Stripe>();

/** One SDK client per key and host: it keeps its connections alive between requests. */
function client(secretKey: string, apiBase: string | undefined): Stripe {
  const key = `${secretKey}\u0000${apiBase ?? ""}`;
  let c = clients.get(key);
  if (!c) {
    c = new Stripe(secretKey, {
      ...stripeHostOptions(apiBase),
      // Every write carries an idempotency key, so the SDK's retries never charge twice.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "AgentCity" },
    });
    clients.set(key, c);
  }
  return c;
}

/**
 * What a checkout's metadata carries to name its token: the token's hash, as stored in `payment_tokens`. The
 * raw token is the owner's cookie; Stripe does not need it to tell us which checkout a payment belongs to.
 */
export const checkoutTokenRef = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a Stripe event is about, before its customer is mapped to an owner. Pure: unit-tested. */
export type StripeSubject = {
  kind: "payment" | "method" | "none";
  ref: string;
  /** the Stripe customer (cus_…) the event names, if any */
  customerRef: string | null;
  /** a PaymentIntent made by a checkout: its token (hash), so the event converges the checkout session */
  checkoutToken: string | null;
};

type EventLike = {
  id: string;
  type: string;
  data: { object: unknown; previous_attributes?: unknown };
};

const idOf = (v: unknown): string | null =>
  typeof v === "string"
    ? v
    : v && typeof v === "object" && "id" in v
      ? String((v as { id: unknown }).id)
      : null;

export function subjectOf(event: EventLike): StripeSubject {
  const obj = (event.data.object ?? {}) as Record<string, unknown>;
  const previous = (event.data.previous_attributes ?? {}) as Record<string, unknown>;
  const objectId = idOf(obj) ?? event.id;
  const metadata = (obj.metadata ?? {}) as Record<string, unknown>;
  const type = event.type;
  if (type.startsWith("checkout.session.")) {
    // A set-up session saved a card: the owner's cards are mirrored (there is no payment to converge).
    if (obj.mode === "setup") {
      return {
        kind: "method",
        ref: idOf(obj.setup_intent) ?? objectId,
        customerRef: idOf(obj.customer),
        checkoutToken: null,
      };
    }
    return { kind: "payment", ref: objectId, customerRef: idOf(obj.customer), checkoutToken: null };
  }
  if (type.startsWith("payment_intent.")) {
    const token = typeof metadata.token === "string" ? metadata.token : null;
    return { kind: "payment", ref: objectId, customerRef: idOf(obj.customer), checkoutToken: token };
  }
  if (type.startsWith("setup_intent.")) {
    return {
      kind: "method",
      ref: idOf(obj.payment_method) ?? objectId,
      customerRef: idOf(obj.customer),
      checkoutToken: null,
    };
  }
  if (
    type === "payment_method.attached" ||
    type === "payment_method.detached" ||
    type === "payment_method.updated" ||
    type === "payment_method.automatically_updated"
  ) {
    // A detached card no longer names its customer; the event's previous attributes still do.
    const customer = idOf(obj.customer) ?? idOf(previous.customer);
    return { kind: "method", ref: objectId, customerRef: customer, checkoutToken: null };
  }
  if (type === "customer.updated") {
    const settings = (obj.invoice_settings ?? {}) as Record<string, unknown>;
    return {
      kind: "method",
      ref: idOf(settings.default_payment_method) ?? objectId,
      customerRef: objectId,
      checkoutToken: null,
    };
  }
  return { kind: "none", ref: objectId, customerRef: idOf(obj.customer), checkoutToken: null };
}

/** A PaymentIntent's state as the product's payment status. Pure: unit-tested. */
export function intentStatus(pi: Pick<Stripe.PaymentIntent, "status" | "last_payment_error">): {
  status: ProviderPaymentStatus;
  failureCode: string | null;
} {
  const code = pi.last_payment_error?.code ?? pi.last_payment_error?.decline_code ?? null;
  switch (pi.status) {
    case "succeeded":
      return { status: "succeeded", failureCode: null };
    case "processing":
      return { status: "verifying", failureCode: null };
    case "canceled":
      return { status: "failed", failureCode: code ?? "canceled" };
    case "requires_payment_method":
      // Only an attempt that failed is a failure; a fresh intent waits for its card.
      return pi.last_payment_error
        ? { status: "failed", failureCode: code }
        : { status: "pending", failureCode: null };
    case "requires_action":
      // Off-session charges have nobody to authenticate them; a checkout's page does (still pending).
      return { status: "pending", failureCode: null };
    default:
      return { status: "pending", failureCode: null };
  }
}

/** A Checkout Session (payment mode) with its PaymentIntent as the product's payment status. Pure. */
export function sessionStatus(
  session: Pick<Stripe.Checkout.Session, "status" | "payment_status">,
  pi: Pick<Stripe.PaymentIntent, "status" | "last_payment_error"> | null,
): { status: ProviderPaymentStatus; failureCode: string | null } {
  if (session.status === "complete") {
    if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
      return { status: "succeeded", failureCode: null };
    }
    // Complete but unpaid: a delayed method whose funds have not arrived.
    return pi ? intentStatus(pi) : { status: "verifying", failureCode: null };
  }
  const attempt = pi ? intentStatus(pi) : null;
  if (attempt?.status === "failed") return attempt;
  if (session.status === "expired") return { status: "expired", failureCode: null };
  if (attempt?.status === "verifying") return attempt;
  return { status: "pending", failureCode: null };
}

const upper = (c: string) => c.toUpperCase() as Currency;

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing";

export class StripeProvider implements PaymentProvider {
  readonly id = STRIPE_PROVIDER;
  readonly testMode: boolean;
  readonly collects = "card" as const;
  private readonly db: Db;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly methodsUrl: string;

  constructor(opts: StripeOptions) {
    this.db = opts.db;
    this.stripe = client(opts.secretKey, opts.apiBase);
    this.webhookSecret = opts.webhookSecret;
    this.methodsUrl = opts.methodsUrl;
    this.testMode = /^(sk|rk)_test_/.test(opts.secretKey);
  }

  /** The owner's Stripe customer, created the first time one is needed (once, whatever the races). */
  async customerFor(ownerId: string): Promise<string> {
    const known = await this.customerRefOf(ownerId);
    if (known) return known;
    // The idempotency key makes two requests at once get the same customer back.
    const created = await this.stripe.customers.create(
      { metadata: { owner_id: ownerId } },
      { idempotencyKey: `customer:${ownerId}` },
    );
    await this.db
      .insert(billingCustomers)
      .values({ provider: this.id, ownerId, customerRef: created.id })
      .onConflictDoNothing();
    return (await this.customerRefOf(ownerId)) ?? created.id;
  }

  private async customerRefOf(ownerId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ ref: billingCustomers.customerRef })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.provider, this.id), eq(billingCustomers.ownerId, ownerId)));
    return row?.ref ?? null;
  }

  /** The owner a Stripe customer belongs to; null for a customer that is not ours. */
  async ownerOf(customerRef: string | null): Promise<string | null> {
    if (!customerRef) return null;
    const [row] = await this.db
      .select({ ownerId: billingCustomers.ownerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.provider, this.id), eq(billingCustomers.customerRef, customerRef)));
    return row?.ownerId ?? null;
  }

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const customer = await this.customerFor(req.ownerId);
    const token = checkoutTokenRef(req.token);
    const metadata = { token, owner_id: req.ownerId, plan: req.plan, cycle: req.cycle };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer,
        client_reference_id: req.ownerId,
        payment_method_types: ["card"],
        line_items: [
          {
            quantity: 1,
            price_data: {
              // Both are zero-decimal alike: VND has no minor unit in Stripe either, USD is in cents.
              currency: req.currency.toLowerCase(),
              unit_amount: req.amount,
              product_data: { name: `AgentCity ${req.plan} (${req.cycle})` },
            },
          },
        ],
        // The card is kept for renewals, which AgentCity charges itself (off session).
        payment_intent_data: { setup_future_usage: "off_session", metadata },
        metadata,
        locale: req.locale === "vi" ? "vi" : "en",
        success_url: req.returnUrl,
        cancel_url: req.returnUrl,
      },
      { idempotencyKey: `checkout:${token}` },
    );
    if (!session.url) throw new Error(`stripe: checkout session ${session.id} has no url`);
    return { ref: session.id, url: session.url };
  }

  async expireCheckout(ref: string): Promise<void> {
    if (!ref.startsWith("cs_")) return;
    try {
      await this.stripe.checkout.sessions.expire(ref);
    } catch (err) {
      // Already expired or complete (or gone): either way it can no longer be paid through us.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw err;
    }
  }

  async getPayment(ref: string): Promise<ProviderPayment | null> {
    try {
      if (ref.startsWith("cs_")) return await this.sessionPayment(ref, true);
      if (ref.startsWith("pi_")) {
        const pi = await this.stripe.paymentIntents.retrieve(ref);
        return await this.intentPayment(pi, ref);
      }
      return null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  private async sessionPayment(ref: string, mayExpire: boolean): Promise<ProviderPayment | null> {
    const session = await this.stripe.checkout.sessions.retrieve(ref, { expand: ["payment_intent"] });
    if (session.mode !== "payment") return null;
    const owner = await this.ownerOf(idOf(session.customer));
    if (!owner) return null;
    const pi =
      session.payment_intent && typeof session.payment_intent === "object" ? session.payment_intent : null;
    const { status, failureCode } = sessionStatus(session, pi);
    if (status === "failed" && session.status === "open" && mayExpire) {
      // Stripe's page would let the owner try another card on this session, but the product has just
      // settled its token as failed (a final state): the session is closed so that it cannot be paid later
      // without a subscription. The owner starts a new checkout from the failed payment's screen.
      await this.expireCheckout(ref);
      return this.sessionPayment(ref, false);
    }
    return {
      ref: session.id,
      customer: owner,
      status,
      amount: pi?.amount ?? session.amount_total ?? 0,
      currency: upper(pi?.currency ?? session.currency ?? ""),
      methodRef: pi ? idOf(pi.payment_method) : null,
      methodKind: pi?.payment_method ? "card" : null,
      failureCode,
      settledAt: status === "succeeded" ? new Date((pi?.created ?? session.created) * 1000) : null,
    };
  }

  private async intentPayment(pi: Stripe.PaymentIntent, ref = pi.id): Promise<ProviderPayment | null> {
    const owner = await this.ownerOf(idOf(pi.customer));
    if (!owner) return null;
    const { status, failureCode } = intentStatus(pi);
    return {
      ref,
      customer: owner,
      status,
      amount: pi.amount,
      currency: upper(pi.currency),
      methodRef: idOf(pi.payment_method),
      methodKind: pi.payment_method ? "card" : null,
      failureCode,
      settledAt: status === "succeeded" ? new Date(pi.created * 1000) : null,
    };
  }

  async chargeMethod(req: ChargeRequest): Promise<ProviderPayment> {
    const customer = await this.customerFor(req.ownerId);
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.create(
        {
          amount: req.amount,
          currency: req.currency.toLowerCase(),
          customer,
          payment_method: req.methodRef,
          off_session: true,
          confirm: true,
          description: req.description,
          metadata: { owner_id: req.ownerId, attempt: req.idempotencyKey },
        },
        { idempotencyKey: req.idempotencyKey },
      );
    } catch (err) {
      // A declined card is an outcome, not an error: the invoice records the failure and is retried.
      if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
      const failed = err.payment_intent;
      if (!failed?.id) throw err;
      pi = failed.status ? failed : await this.stripe.paymentIntents.retrieve(failed.id);
    }
    const payment = await this.intentPayment(pi);
    if (!payment) throw new Error(`stripe: payment ${pi.id} is not for a known customer`);
    return payment;
  }

  async listMethods(ownerId: string): Promise<ProviderMethod[]> {
    const customer = await this.customerRefOf(ownerId);
    if (!customer) return [];
    const [cards, cust] = await Promise.all([
      this.stripe.paymentMethods.list({ customer, type: "card", limit: 100 }),
      this.stripe.customers.retrieve(customer),
    ]);
    const methods = cards.data.filter((m) => m.card);
    let def = cust.deleted ? null : idOf(cust.invoice_settings?.default_payment_method);
    // A card saved by a checkout is not the customer's default in Stripe; like a card just typed, the
    // newest one is then the default, until the owner picks one (which sets it in Stripe). Stripe lists
    // newest first, so of two cards made in the same second (`created` is in seconds) the first listed wins.
    if (!methods.some((m) => m.id === def)) {
      def = [...methods].sort((a, b) => b.created - a.created)[0]?.id ?? null;
    }
    return methods.map((m) => toMethod(m, ownerId, m.id === def));
  }

  async getMethod(ref: string): Promise<ProviderMethod | null> {
    if (!ref.startsWith("pm_") && !ref.startsWith("card_")) return null;
    try {
      const m = await this.stripe.paymentMethods.retrieve(ref);
      const customer = idOf(m.customer);
      const owner = await this.ownerOf(customer);
      if (!owner || !m.card || !customer) return null;
      const cust = await this.stripe.customers.retrieve(customer);
      const def = cust.deleted ? null : idOf(cust.invoice_settings?.default_payment_method);
      return toMethod(m, owner, def === m.id);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async detachMethod(ownerId: string, ref: string): Promise<void> {
    const customer = await this.customerRefOf(ownerId);
    if (!customer) return;
    const m = await this.stripe.paymentMethods.retrieve(ref);
    // Only the owner's own card: a ref is never trusted to name someone else's.
    if (idOf(m.customer) !== customer) return;
    await this.stripe.paymentMethods.detach(ref);
  }

  async setDefaultMethod(ownerId: string, ref: string): Promise<void> {
    const customer = await this.customerRefOf(ownerId);
    if (!customer) return;
    await this.stripe.customers.update(customer, { invoice_settings: { default_payment_method: ref } });
  }

  /** A hosted page where the owner saves a card (Checkout in `setup` mode); its event mirrors the card. */
  async startCardSetup(ownerId: string, locale: string): Promise<string> {
    const customer = await this.customerFor(ownerId);
    const back = this.methodsUrl.replace("{locale}", encodeURIComponent(locale));
    const session = await this.stripe.checkout.sessions.create({
      mode: "setup",
      customer,
      client_reference_id: ownerId,
      payment_method_types: ["card"],
      currency: locale === "vi" ? "vnd" : "usd",
      metadata: { owner_id: ownerId },
      locale: locale === "vi" ? "vi" : "en",
      success_url: back,
      cancel_url: back,
    });
    if (!session.url) throw new Error(`stripe: set-up session ${session.id} has no url`);
    return session.url;
  }

  async verifyEvent(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<NormalizedEvent> {
    let event: Stripe.Event;
    try {
      // Stripe's check: HMAC-SHA256 over `{t}.{body}`, compared in constant time, refused after 300 s.
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        headers[STRIPE_SIGNATURE_HEADER] ?? "",
        this.webhookSecret,
        STRIPE_TOLERANCE_SECONDS,
      );
    } catch (err) {
      throw new EventVerificationError((err as Error).message);
    }
    if (typeof event?.id !== "string" || typeof event.type !== "string" || !event.data?.object) {
      throw new EventVerificationError("not an event");
    }
    const subject = subjectOf(event as unknown as EventLike);
    let ref = subject.ref;
    if (subject.kind === "payment" && subject.checkoutToken) {
      // A checkout's PaymentIntent: the product knows the checkout by its session, so the event converges
      // the session (which reads this same PaymentIntent back).
      const [token] = await this.db
        .select({ ref: paymentTokens.providerRef })
        .from(paymentTokens)
        .where(and(eq(paymentTokens.provider, this.id), eq(paymentTokens.tokenHash, subject.checkoutToken)));
      if (token?.ref) ref = token.ref;
    }
    const customer = await this.ownerOf(subject.customerRef);
    if (subject.customerRef && !customer) log.info(`stripe event ${event.id} for a customer not ours`);
    return {
      id: event.id,
      type: event.type,
      subject: { kind: subject.kind, ref },
      customer,
      payload: event as unknown as Record<string, unknown>,
    };
  }
}

function toMethod(m: Stripe.PaymentMethod, owner: string, isDefault: boolean): ProviderMethod {
  const card = m.card!;
  return {
    ref: m.id,
    customer: owner,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    isDefault,
  };
}
