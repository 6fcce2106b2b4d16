import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";
import { listenOnLoopback } from "./loopback";

/**
 * A local fake of Stripe's REST API for tests, speaking it as the `stripe` SDK calls it: form-encoded bodies
 * with bracket keys (`line_items[0][price_data][currency]`), JSON answers, Stripe's error bodies, and the
 * `Idempotency-Key` header (the same key answers the stored response again, errors included). It holds
 * customers, Checkout Sessions (payment and setup), PaymentIntents, SetupIntents and card PaymentMethods:
 * what lib/billing/providers/stripe.ts uses, nothing more. Loopback only.
 *
 * Test cards: 4242… pays and is saved; 4000 0000 0000 0002 is declined (the session stays open with a failed
 * PaymentIntent, as on Stripe's page); 4000 0000 0000 0341 pays and is saved, then every off-session charge
 * on it is declined with a 402 card_error.
 */

type Obj = Record<string, unknown>;

export type StripePeer = {
  baseUrl: string;
  /** the app's webhook URL; set it once the app is up so `sendEvent` can post there */
  webhookUrl: string;
  webhookSecret: string;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  /** "METHOD /path" of every API request, in order */
  requests: string[];
  /** while true, every API request answers 503 (Stripe unreachable or failing) */
  down: boolean;
  /**
   * Ends a checkout as Stripe's page would after the owner types `card`: paid (a PaymentIntent and a saved
   * card attached to the customer) or, for 0002, a declined attempt with the session still open.
   */
  completeSession(
    sessionId: string,
    card: string,
  ): { session: Obj; paymentIntent: Obj | null; paymentMethod: Obj | null };
  /** Signs `{id, type, data: {object}}` as Stripe does and posts it to `webhookUrl`. */
  sendEvent(
    type: string,
    object: Obj,
    opts?: SendOptions,
  ): Promise<{ status: number; body: unknown; id: string }>;
  /** The same, without sending: the raw body and its stripe-signature header. */
  signEvent(type: string, object: Obj, opts?: SendOptions): { id: string; payload: string; header: string };
  stop(): Promise<void>;
};

export type SendOptions = {
  id?: string;
  /** sign with another secret */
  secret?: string;
  /** seconds since the epoch the signature claims */
  timestamp?: number;
  previousAttributes?: Obj;
  /** change the body after signing */
  tamper?: (payload: string) => string;
};

type CardBehaviour = "ok" | "decline" | "decline_off_session";
const cards: Record<string, CardBehaviour> = {
  "4242424242424242": "ok",
  "4000000000000002": "decline",
  "4000000000000341": "decline_off_session",
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=x` pairs into nested objects and arrays (Stripe's form encoding). */
export function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== "");
    let node: Obj | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const k: string | number = Array.isArray(node) ? (part === "" ? node.length : Number(part)) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[k] = value;
        return;
      }
      if (container[k] === undefined) container[k] = /^\d*$/.test(parts[i + 1]!) ? [] : {};
      node = container[k] as Obj | unknown[];
    });
  }
  return root;
}

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String((body.error as Obj).message));
  }
}

const missing = (id: string) =>
  new ApiFailure(404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: '${id}'` },
  });
const invalid = (message: string) =>
  new ApiFailure(400, { error: { type: "invalid_request_error", message } });

export async function startStripePeer(webhookSecret = `whsec_${randomBytes(16).toString("hex")}`) {
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: string[] = [];
  // Only its helper is used (no network): it signs events exactly as Stripe does.
  const signer = new Stripe("sk_test_fake_peer");

  const get = <T extends Obj>(map: Map<string, Obj>, id: string) => {
    const found = map.get(id);
    if (!found) throw missing(id);
    return found as T;
  };
  const expandIntent = (session: Obj, expand: unknown) => {
    const wants = Array.isArray(expand) && expand.includes("payment_intent");
    if (!wants || typeof session.payment_intent !== "string") return session;
    return { ...session, payment_intent: paymentIntents.get(session.payment_intent) ?? null };
  };

  const newCard = (number: string, customer: string | null): Obj => {
    const pm = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      created: nowSeconds(),
      customer,
      card: { brand: "visa", last4: number.slice(-4), exp_month: 12, exp_year: 2034 },
      metadata: {},
      _behaviour: cards[number] ?? "ok",
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  };
  const publicCard = (pm: Obj) => {
    const { _behaviour, ...rest } = pm;
    void _behaviour;
    return rest;
  };
  const declinedIntent = (pi: Obj, pm: Obj) => {
    Object.assign(pi, {
      status: "requires_payment_method",
      payment_method: null,
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        payment_method: publicCard(pm),
      },
    });
  };

  function handle(method: string, path: string, params: Obj): unknown {
    const match = (re: RegExp) => path.match(re)?.[1] ?? "";
    if (method === "POST" && path === "/v1/customers") {
      const c = {
        id: newId("cus"),
        object: "customer",
        created: nowSeconds(),
        metadata: params.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      customers.set(c.id, c);
      return c;
    }
    const customerId = match(/^\/v1\/customers\/([^/]+)$/);
    if (customerId) {
      const c = get(customers, customerId);
      if (method === "GET") return c;
      const settings = params.invoice_settings as Obj | undefined;
      if (settings && "default_payment_method" in settings) {
        const ref = String(settings.default_payment_method || "");
        if (ref && get(paymentMethods, ref).customer !== c.id) {
          throw invalid(`The payment method ${ref} does not belong to the customer ${c.id}`);
        }
        c.invoice_settings = { default_payment_method: ref || null };
      }
      if (params.metadata) c.metadata = { ...(c.metadata as Obj), ...(params.metadata as Obj) };
      return c;
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const mode = String(params.mode);
      if (typeof params.customer !== "string") throw invalid("customer is required here");
      get(customers, params.customer);
      const items = (params.line_items ?? []) as Obj[];
      const priceData = (items[0]?.price_data ?? {}) as Obj;
      const id = newId("cs_test");
      const s = {
        id,
        object: "checkout.session",
        mode,
        status: "open",
        payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
        customer: params.customer,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        currency: mode === "setup" ? (params.currency ?? null) : (priceData.currency ?? null),
        amount_total:
          mode === "setup" ? null : Number(priceData.unit_amount) * Number(items[0]?.quantity ?? 1),
        payment_intent: null,
        setup_intent: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `${baseUrl}/pay/${id}`,
        created: nowSeconds(),
        _intent_data: params.payment_intent_data ?? {},
        _line_items: items,
      };
      sessions.set(id, s);
      return publicSession(s);
    }
    const expiring = match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (expiring && method === "POST") {
      const s = get(sessions, expiring);
      if (s.status !== "open") throw invalid(`Only open sessions can be expired (this one is ${s.status}).`);
      s.status = "expired";
      return publicSession(s);
    }
    const sessionId = match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (sessionId && method === "GET") {
      return expandIntent(publicSession(get(sessions, sessionId)), params.expand);
    }
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const data = [...sessions.values()]
        .filter((s) => !params.payment_intent || s.payment_intent === params.payment_intent)
        .map(publicSession);
      return { object: "list", data, has_more: false, url: path };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const pm = get(paymentMethods, String(params.payment_method));
      if (pm.customer !== params.customer)
        throw invalid("The payment method is not attached to this customer.");
      const pi: Obj = {
        id: newId("pi"),
        object: "payment_intent",
        amount: Number(params.amount),
        currency: String(params.currency),
        customer: params.customer,
        description: params.description ?? null,
        metadata: params.metadata ?? {},
        payment_method: pm.id,
        status: "succeeded",
        last_payment_error: null,
        created: nowSeconds(),
      };
      paymentIntents.set(String(pi.id), pi);
      if (pm._behaviour !== "ok" && String(params.off_session) === "true") {
        declinedIntent(pi, pm);
        throw new ApiFailure(402, {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
            payment_intent: pi,
          },
        });
      }
      return pi;
    }
    const intentId = match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (intentId && method === "GET") {
      return get(paymentIntents, intentId);
    }
    if (method === "GET" && path === "/v1/payment_methods") {
      // Newest first, as Stripe lists: two cards of the same second come newest first too (reversed insertion
      // order, then a stable sort by second).
      const data = [...paymentMethods.values()]
        .reverse()
        .filter(
          (pm) => pm.customer && pm.customer === params.customer && (!params.type || pm.type === params.type),
        )
        .sort((a, b) => Number(b.created) - Number(a.created))
        .map(publicCard);
      return { object: "list", data, has_more: false, url: path };
    }
    const detaching = match(/^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (detaching && method === "POST") {
      const pm = get(paymentMethods, detaching);
      if (!pm.customer) throw invalid("The payment method is not attached to a customer.");
      for (const c of customers.values()) {
        const settings = c.invoice_settings as Obj;
        if (settings.default_payment_method === pm.id) settings.default_payment_method = null;
      }
      pm.customer = null;
      return publicCard(pm);
    }
    const methodId = match(/^\/v1\/payment_methods\/([^/]+)$/);
    if (methodId && method === "GET") {
      return publicCard(get(paymentMethods, methodId));
    }
    const setupId = match(/^\/v1\/setup_intents\/([^/]+)$/);
    if (setupId && method === "GET") {
      return get(setupIntents, setupId);
    }
    throw new ApiFailure(404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` },
    });
  }

  function publicSession(s: Obj): Obj {
    const { _intent_data, _line_items, ...rest } = s;
    void _intent_data;
    void _line_items;
    return rest;
  }

  /**
   * Stripe's hosted Checkout page, as small as a browser test needs: a card field and "Pay". A paid session
   * sends its signed `checkout.session.completed` event to the app and goes back to `success_url`, as Stripe
   * does (the redirect itself proves nothing: the app waits for the event or asks). A declined card stays on
   * the page with Stripe's message.
   */
  async function hostedPage(id: string, method: string, form: Obj, res: ServerResponse) {
    const s = sessions.get(id);
    const page = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Fake Stripe Checkout</title></head><body>${body}</body></html>`,
      );
    };
    if (!s) return page(404, "<p>No such checkout.</p>");
    if (s.status !== "open") return page(410, `<p>This checkout is ${String(s.status)}.</p>`);
    const formHtml = (error = "") => `<h1>Fake Stripe Checkout</h1>
      <p data-testid="stripe-amount">${String(s.amount_total ?? "")} ${String(s.currency ?? "").toUpperCase()}</p>
      ${error ? `<p role="alert">${error}</p>` : ""}
      <form method="post"><label>Card number <input name="card" autocomplete="cc-number"></label>
      <button type="submit">Pay</button></form>`;
    if (method !== "POST") return page(200, formHtml());
    const done = peer.completeSession(id, String(form.card ?? ""));
    if (done.session.status !== "complete") return page(402, formHtml("Your card was declined."));
    if (peer.webhookUrl) await peer.sendEvent("checkout.session.completed", done.session).catch(() => {});
    res.writeHead(303, { location: String(s.success_url) });
    res.end();
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", baseUrl);
      const method = req.method ?? "GET";
      requests.push(`${method} ${url.pathname}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
        res.end(JSON.stringify(body));
      };
      if (peer.down) {
        send(503, { error: { type: "api_error", message: "The fake Stripe is down for this test." } });
        return;
      }
      const hosted = url.pathname.match(/^\/pay\/([^/]+)$/);
      if (hosted) {
        void hostedPage(hosted[1]!, method, parseForm(Buffer.concat(chunks).toString("utf8")), res);
        return;
      }
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_")) {
        send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return;
      }
      const key = req.headers["idempotency-key"];
      const stored = typeof key === "string" && method === "POST" ? idempotent.get(key) : undefined;
      if (stored) {
        res.setHeader("idempotent-replayed", "true");
        send(stored.status, stored.body);
        return;
      }
      const params =
        method === "GET" ? parseForm(url.search.slice(1)) : parseForm(Buffer.concat(chunks).toString("utf8"));
      let status = 200;
      let body: unknown;
      try {
        body = handle(method, url.pathname, params);
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err;
        status = err.status;
        body = err.body;
      }
      // Stripe keeps the first answer for a key, a failure included: a retried charge gets the same decline.
      if (typeof key === "string" && method === "POST") idempotent.set(key, { status, body });
      send(status, body);
    });
  });
  const listening = await listenOnLoopback(server);
  const baseUrl = listening.origin;

  const peer: StripePeer = {
    baseUrl,
    webhookUrl: "",
    webhookSecret,
    customers,
    sessions,
    paymentIntents,
    paymentMethods,
    requests,
    down: false,
    completeSession(sessionId, card) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      if (s.status !== "open") throw new Error(`session ${sessionId} is ${s.status}`);
      const number = card.replace(/\D/g, "");
      const behaviour = cards[number] ?? "ok";
      const customer = String(s.customer);
      if (s.mode === "setup") {
        const pm = newCard(number, behaviour === "decline" ? null : customer);
        if (behaviour === "decline")
          return { session: publicSession(s), paymentIntent: null, paymentMethod: null };
        const seti = {
          id: newId("seti"),
          object: "setup_intent",
          customer,
          payment_method: pm.id,
          status: "succeeded",
          usage: "off_session",
          created: nowSeconds(),
        };
        setupIntents.set(seti.id, seti);
        Object.assign(s, { status: "complete", setup_intent: seti.id });
        return { session: publicSession(s), paymentIntent: null, paymentMethod: publicCard(pm) };
      }
      const intentData = s._intent_data as Obj;
      const pm = newCard(number, null);
      const pi: Obj = {
        id: typeof s.payment_intent === "string" ? s.payment_intent : newId("pi"),
        object: "payment_intent",
        amount: s.amount_total,
        currency: s.currency,
        customer,
        description: null,
        metadata: intentData.metadata ?? {},
        payment_method: pm.id,
        setup_future_usage: intentData.setup_future_usage ?? null,
        status: "succeeded",
        last_payment_error: null,
        created: nowSeconds(),
      };
      paymentIntents.set(String(pi.id), pi);
      s.payment_intent = pi.id;
      if (behaviour === "decline") {
        declinedIntent(pi, pm);
        return { session: publicSession(s), paymentIntent: pi, paymentMethod: null };
      }
      // setup_future_usage saves the card on the customer, as Stripe does.
      pm.customer = customer;
      Object.assign(s, { status: "complete", payment_status: "paid" });
      return { session: publicSession(s), paymentIntent: pi, paymentMethod: publicCard(pm) };
    },
    signEvent(type, object, opts = {}) {
      const id = opts.id ?? newId("evt");
      const payload = JSON.stringify({
        id,
        object: "event",
        api_version: "2025-08-27.basil",
        created: nowSeconds(),
        livemode: false,
        type,
        data: {
          object,
          ...(opts.previousAttributes ? { previous_attributes: opts.previousAttributes } : {}),
        },
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? webhookSecret,
        ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
      });
      return { id, payload: opts.tamper ? opts.tamper(payload) : payload, header };
    },
    async sendEvent(type, object, opts = {}) {
      if (!peer.webhookUrl) throw new Error("set webhookUrl first");
      const { id, payload, header } = peer.signEvent(type, object, opts);
      const res = await fetch(peer.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload,
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      return { status: res.status, body, id };
    },
    stop: listening.stop,
  };
  return peer;
}
