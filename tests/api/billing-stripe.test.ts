import { describe, expect, inject, it } from "vitest";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { sqlAt } from "../helpers/sql";
import { stripeWorld } from "../helpers/stripe-server";

/**
 * Billing with Stripe configured over real HTTP: a server of this file's own, pointed at the fake
 * Stripe of tests/peers/stripe.ts (STRIPE_API_BASE). Checkout through a Checkout Session, the outcome reaching
 * the subscription only through signed events that are read back from "Stripe" (duplicates, reverse order and
 * a lying payload change nothing more), forged and stale signatures refused, other customers' and unknown
 * events ignored, a declined card failing the checkout, a card added through a set-up session, and the
 * sandbox's routes absent. The shared sandbox server answers 404 on Stripe's webhook.
 */

const STARTER_YEARLY_VND = 4_790_400;
const CARD_OK = "4242 4242 4242 4242";
const CARD_DECLINED = "4000 0000 0000 0002";

const world = stripeWorld();
const base = world.base;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  sqlAt<T>(base(), query, params);

type Gql<T> = { data: T | null; errors?: { message: string; extensions: { code: string } }[] };

async function owner() {
  const { access } = await signInWithOidc(undefined, base());
  const gql = async <T>(query: string, variables = {}, at = base()): Promise<Gql<T>> => {
    const res = await fetch(`${at}/api/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: at,
        "accept-language": "en",
        authorization: `Bearer ${access}`,
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as Gql<T>;
  };
  const checkout = async (plan = "starter", cycle = "yearly") => {
    const r = await gql<{ create_payment_token: { token: string; checkout_url: string } }>(
      "mutation C($i: PaymentTokenInput!) { create_payment_token(input: $i) { token checkout_url } }",
      { i: { plan, cycle } },
    );
    expect(r.errors).toBeUndefined();
    const { token, checkout_url } = r.data!.create_payment_token;
    return { token, url: checkout_url, sessionId: checkout_url.split("/pay/")[1]! };
  };
  const state = async (token?: string) => {
    const r = await gql<{
      subscription: { status: string; cycle: string; plan: { id: string }; test_mode: boolean } | null;
      invoices: { status: string; total: number; kind: string; currency: string }[];
      payment_methods: { last4: string; is_default: boolean }[];
      payment: { status: string } | null;
    }>(
      `query S($t: String) { subscription { status cycle test_mode plan { id } }
         invoices { status total kind currency } payment_methods { last4 is_default } payment(token: $t) { status } }`,
      { t: token ?? null },
    );
    expect(r.errors).toBeUndefined();
    return r.data!;
  };
  return { access, gql, checkout, state };
}

/** Waits until the stored event has been processed by the job (or fails with its error). */
async function processed(eventId: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [row] = await sql<{ processed_at: string | null; last_error: string | null }>(
      "select processed_at, last_error from billing_events where provider = 'stripe' and event_id = $1",
      [eventId],
    );
    if (row?.processed_at) return row;
    if (row?.last_error) throw new Error(`event ${eventId} failed: ${row.last_error}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`event ${eventId} not processed in time`);
}

async function deliver(type: string, object: Record<string, unknown>, opts = {}) {
  const sent = await world.peer().sendEvent(type, object, opts);
  expect(sent.status).toBe(200);
  await processed(sent.id);
  return sent;
}

describe("checkout through Stripe", () => {
  it("a paid Checkout Session activates the plan once: one paid invoice, the card mirrored as default", async () => {
    const o = await owner();
    const { token, url, sessionId } = await o.checkout("starter", "yearly");
    expect(url).toBe(`${world.peer().baseUrl}/pay/${sessionId}`);
    const session = world.peer().sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: "payment", amount_total: STARTER_YEARLY_VND, currency: "vnd" });
    expect(world.peer().customers.get(String(session.customer))?.metadata).toMatchObject({
      owner_id: expect.any(String),
    });
    expect((await o.state(token)).payment?.status).toBe("pending");

    const done = world.peer().completeSession(sessionId, CARD_OK);
    const first = await deliver("checkout.session.completed", done.session);
    // The same event three times, and another event about the same payment.
    for (let i = 0; i < 2; i++) {
      const again = await world
        .peer()
        .sendEvent("checkout.session.completed", done.session, { id: first.id });
      expect(again).toMatchObject({ status: 200, body: { data: { received: true, duplicate: true } } });
    }
    await deliver("payment_intent.succeeded", done.paymentIntent!);

    const s = await o.state(token);
    expect(s.subscription).toMatchObject({
      status: "active",
      cycle: "yearly",
      plan: { id: "starter" },
      test_mode: true,
    });
    expect(s.invoices).toEqual([
      { status: "paid", total: STARTER_YEARLY_VND, kind: "checkout", currency: "VND" },
    ]);
    expect(s.payment_methods).toEqual([{ last4: "4242", is_default: true }]);
    expect(s.payment?.status).toBe("succeeded");
    const stored = await sql("select 1 from billing_events where provider = 'stripe' and event_id = $1", [
      first.id,
    ]);
    expect(stored).toHaveLength(1);
  });

  it("events in reverse order end in the same state", async () => {
    const o = await owner();
    const { token, sessionId } = await o.checkout("starter", "yearly");
    const done = world.peer().completeSession(sessionId, CARD_OK);
    await deliver("payment_method.attached", done.paymentMethod!);
    await deliver("payment_intent.succeeded", done.paymentIntent!);
    await deliver("checkout.session.completed", done.session);
    const s = await o.state(token);
    expect(s.subscription).toMatchObject({ status: "active", cycle: "yearly", plan: { id: "starter" } });
    expect(s.invoices).toEqual([
      { status: "paid", total: STARTER_YEARLY_VND, kind: "checkout", currency: "VND" },
    ]);
    expect(s.payment_methods).toEqual([{ last4: "4242", is_default: true }]);
    expect(s.payment?.status).toBe("succeeded");
  });

  it("the payment check says verifying, not failed, while Stripe cannot be asked; then the real outcome", async () => {
    const o = await owner();
    const { token, sessionId } = await o.checkout("starter", "monthly");
    const done = world.peer().completeSession(sessionId, CARD_OK);
    world.peer().down = true;
    try {
      const r = await o.gql<{ payment: { status: string } }>(
        "query P($token: String) { payment(token: $token) { status } }",
        { token },
      );
      expect(r.errors).toBeUndefined();
      expect(r.data!.payment.status).toBe("verifying");
    } finally {
      world.peer().down = false;
    }
    // Stripe answers again: the next check converges on what it says, with or without the event.
    expect(done.session.status).toBe("complete");
    expect((await o.state(token)).payment?.status).toBe("succeeded");
    const s = await o.state(token);
    expect(s.subscription).toMatchObject({ status: "active", plan: { id: "starter" } });
  });

  it("an event that says paid for a session Stripe says is open activates nothing", async () => {
    const o = await owner();
    const { token, sessionId } = await o.checkout("starter", "monthly");
    const open = world.peer().sessions.get(sessionId)!;
    await deliver("checkout.session.completed", {
      ...open,
      status: "complete",
      payment_status: "paid",
      amount_total: 1,
      _intent_data: undefined,
    });
    const s = await o.state(token);
    expect(s.subscription).toBeNull();
    expect(s.invoices).toEqual([]);
    expect(s.payment?.status).toBe("pending");
  });

  it("a declined card (0002) fails the checkout and activates nothing; the session can no longer be paid", async () => {
    const o = await owner();
    const { token, sessionId } = await o.checkout("starter", "monthly");
    const done = world.peer().completeSession(sessionId, CARD_DECLINED);
    expect(done.session.status).toBe("open");
    await deliver("payment_intent.payment_failed", done.paymentIntent!);
    const s = await o.state(token);
    expect(s.payment?.status).toBe("failed");
    expect(s.subscription).toBeNull();
    expect(s.invoices).toEqual([]);
    expect(s.payment_methods).toEqual([]);
    expect(world.peer().sessions.get(sessionId)?.status).toBe("expired");
  });

  it("a new checkout expires the previous open session", async () => {
    const o = await owner();
    const first = await o.checkout("starter", "monthly");
    const second = await o.checkout("beginner", "monthly");
    expect(world.peer().sessions.get(first.sessionId)?.status).toBe("expired");
    expect(world.peer().sessions.get(second.sessionId)?.status).toBe("open");
  });
});

describe("the Stripe webhook", () => {
  const object = { id: "cs_test_forged", object: "checkout.session", mode: "payment", customer: "cus_x" };

  it("refuses a tampered body, another secret and an old timestamp with 400, storing nothing", async () => {
    const cases = [
      { tamper: (p: string) => p.replace('"cus_x"', '"cus_y"') },
      { secret: "whsec_not_the_one" },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    ];
    for (const opts of cases) {
      const sent = await world.peer().sendEvent("checkout.session.completed", object, opts);
      expect(sent.status).toBe(400);
      expect(sent.body).toMatchObject({ error: { status: 400 } });
      expect(await sql("select 1 from billing_events where event_id = $1", [sent.id])).toHaveLength(0);
    }
    const unsigned = await fetch(world.peer().webhookUrl, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(400);
  });

  it("takes an event type it does not act on (200) and changes nothing", async () => {
    const before = await sql<{ n: number }>("select count(*)::int as n from subscriptions");
    const sent = await deliver("invoice.paid", { id: "in_1", object: "invoice", customer: "cus_x" });
    expect(sent.body).toMatchObject({ data: { received: true, duplicate: false } });
    expect(await sql<{ n: number }>("select count(*)::int as n from subscriptions")).toEqual(before);
  });

  it("takes events about a customer that is not ours (200) and changes nothing", async () => {
    const o = await owner();
    const { token, sessionId } = await o.checkout("starter", "monthly");
    const before = await sql<{ n: number }>("select count(*)::int as n from payment_methods");
    // A real session and card of a customer nobody here has.
    const stranger = await fetch(`${world.peer().baseUrl}/v1/customers`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_other", "content-type": "application/x-www-form-urlencoded" },
      body: "metadata[owner_id]=someone-else",
    }).then((r) => r.json() as Promise<{ id: string }>);
    const session = { ...world.peer().sessions.get(sessionId)!, customer: stranger.id, status: "complete" };
    world
      .peer()
      .sessions.set("cs_test_stranger", { ...session, id: "cs_test_stranger", payment_status: "paid" });
    await deliver("checkout.session.completed", { ...session, id: "cs_test_stranger" });
    await deliver("payment_method.attached", {
      id: "pm_stranger",
      object: "payment_method",
      customer: stranger.id,
    });
    await deliver("customer.updated", { id: stranger.id, object: "customer", invoice_settings: {} });
    const s = await o.state(token);
    expect(s.subscription).toBeNull();
    expect(s.payment?.status).toBe("pending");
    expect(await sql<{ n: number }>("select count(*)::int as n from payment_methods")).toEqual(before);
  });
});

describe("cards on Stripe", () => {
  it("back from Stripe's card page, a refreshed list asks Stripe before the card's event is processed", async () => {
    const o = await owner();
    const r = await o.gql<{ start_card_setup: string }>("mutation { start_card_setup }");
    world.peer().completeSession(r.data!.start_card_setup.split("/pay/")[1]!, CARD_OK);
    const LIST = "query L($r: Boolean) { payment_methods(refresh: $r) { last4 is_default } }";
    type List = { payment_methods: { last4: string; is_default: boolean }[] };
    expect((await o.gql<List>(LIST, { r: false })).data!.payment_methods).toEqual([]);
    expect((await o.gql<List>(LIST, { r: true })).data!.payment_methods).toEqual([
      { last4: "4242", is_default: true },
    ]);
    // Stripe unreachable: the mirror answers as it stands, not an error.
    world.peer().down = true;
    try {
      const down = await o.gql<List>(LIST, { r: true });
      expect(down.errors).toBeUndefined();
      expect(down.data!.payment_methods).toHaveLength(1);
    } finally {
      world.peer().down = false;
    }
  });

  it("start_card_setup opens a set-up session; its event mirrors the new card", async () => {
    const o = await owner();
    // The billing page asks how a card is added: on Stripe, on Stripe's page.
    const entry = await o.gql<{ card_entry: string }>("{ card_entry }");
    expect(entry.data!.card_entry).toBe("hosted");
    const r = await o.gql<{ start_card_setup: string }>("mutation { start_card_setup }");
    expect(r.errors).toBeUndefined();
    const url = r.data!.start_card_setup;
    expect(url.startsWith(`${world.peer().baseUrl}/pay/cs_test_`)).toBe(true);
    const sessionId = url.split("/pay/")[1]!;
    expect(world.peer().sessions.get(sessionId)).toMatchObject({
      mode: "setup",
      success_url: `${base()}/en/billing?tab=methods&card_setup=1`,
    });
    const done = world.peer().completeSession(sessionId, "4000 0000 0000 0341");
    await deliver("checkout.session.completed", done.session);
    expect((await o.state()).payment_methods).toEqual([{ last4: "0341", is_default: true }]);

    // A second card through setup_intent.succeeded; then the owner picks the first as default and deletes it.
    const second = await o.gql<{ start_card_setup: string }>("mutation { start_card_setup }");
    const added = world.peer().completeSession(second.data!.start_card_setup.split("/pay/")[1]!, CARD_OK);
    const seti = { id: added.session.setup_intent, object: "setup_intent", customer: added.session.customer };
    await deliver("setup_intent.succeeded", { ...seti, payment_method: added.paymentMethod!.id });
    type Card = { id: string; last4: string; is_default: boolean };
    const list = await o.gql<{ payment_methods: Card[] }>("{ payment_methods { id last4 is_default } }");
    const cards = list.data!.payment_methods;
    expect(cards.map((c) => [c.last4, c.is_default]).sort()).toEqual([
      ["0341", false],
      ["4242", true],
    ]);
    const older = cards.find((c) => c.last4 === "0341")!;
    const picked = await o.gql<{ set_default_payment_method: Card[] }>(
      "mutation D($id: ID!) { set_default_payment_method(id: $id) { id last4 is_default } }",
      { id: older.id },
    );
    expect(picked.data!.set_default_payment_method.find((c) => c.is_default)?.last4).toBe("0341");
    const customer = world.peer().customers.get(String(added.session.customer))!;
    const defaultRef = (customer.invoice_settings as { default_payment_method: string })
      .default_payment_method;
    expect(world.peer().paymentMethods.get(defaultRef)?.card).toMatchObject({ last4: "0341" });

    const deleted = await o.gql<{ delete_payment_method: Card[] }>(
      "mutation X($id: ID!) { delete_payment_method(id: $id) { last4 is_default } }",
      { id: older.id },
    );
    expect(deleted.data!.delete_payment_method).toEqual([{ last4: "4242", is_default: true }]);
    expect(world.peer().paymentMethods.get(defaultRef)?.customer).toBeNull();
    // Stripe's own event about the detachment finds the mirror already right.
    await deliver(
      "payment_method.detached",
      { ...world.peer().paymentMethods.get(defaultRef)!, _behaviour: undefined },
      {
        previousAttributes: { customer: added.session.customer },
      },
    );
    expect((await o.state()).payment_methods).toEqual([{ last4: "4242", is_default: true }]);
  });

  it("add_payment_method (raw card numbers) is the sandbox's only", async () => {
    const o = await owner();
    const r = await o.gql(
      'mutation { add_payment_method(input: {card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123"}) { id } }',
    );
    expect(r.errors?.[0]?.extensions.code).toBe("not_found");
  });
});

describe("the sandbox's routes under Stripe, and Stripe's under the sandbox", () => {
  it("answer 404", async () => {
    const o = await owner();
    const { token } = await o.checkout("starter", "monthly");
    const post = (at: string, path: string, body: unknown, auth?: string) =>
      fetch(`${at}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: at,
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const pay = { token, card_number: CARD_OK, exp_month: 12, exp_year: 2030, cvc: "123" };
    expect((await post(base(), "/api/v1/billing/sandbox/pay", pay, o.access)).status).toBe(404);
    expect((await post(base(), "/api/v1/billing/sandbox/settle", { token }, o.access)).status).toBe(404);
    expect((await post(base(), "/api/v1/billing/webhooks/sandbox", {})).status).toBe(404);
    // Answered exactly as a path with no route at all, the path named.
    const clock = await post(
      base(),
      "/api/v1/billing/sandbox/clock",
      { at: new Date().toISOString() },
      o.access,
    );
    expect(clock.status).toBe(404);
    expect(((await clock.json()) as { error: { detail: string } }).error.detail).toBe(
      "There is no API endpoint at /api/v1/billing/sandbox/clock.",
    );

    const sandbox = inject("baseUrl");
    const signed = world
      .peer()
      .signEvent("checkout.session.completed", { id: "cs_test_x", customer: "cus_x" });
    const res = await fetch(`${sandbox}/api/v1/billing/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signed.header },
      body: signed.payload,
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { detail: string } }).error.detail).toBe(
      "There is no API endpoint at /api/v1/billing/webhooks/stripe.",
    );
    const sandboxOwner = await signInWithOidc(undefined, sandbox);
    const setup = await fetch(`${sandbox}/api/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: sandbox,
        authorization: `Bearer ${sandboxOwner.access}`,
      },
      body: JSON.stringify({ query: "mutation { start_card_setup }" }),
    }).then((r) => r.json() as Promise<Gql<unknown>>);
    expect(setup.errors?.[0]?.extensions.code).toBe("not_found");
  });
});
