import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { sandboxSecret, signEvent } from "@/lib/billing/providers/sandbox";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import { baseUrl } from "../helpers/http";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { sql } from "../helpers/sql";

/**
 * Billing over real HTTP (BILL-1 … BILL-5): checkout with the sandbox's test cards and bank transfer, the
 * outcome reaching the subscription through signed provider events and their job, the GraphQL billing API
 * (spec §5) with its translated errors, one owner's billing invisible to another, and the webhook's
 * signature. Renewals run on the sandbox's test clock (POST /api/v1/billing/sandbox/clock), driven by the
 * test; every transition of them is also in tests/unit/billing-renewals.test.ts.
 */

const CARD_OK = "4242 4242 4242 4242";
const CARD_DECLINED = "4000 0000 0000 0002";
const STARTER_YEARLY_VND = 4_790_400;

type GqlError = { message: string; extensions: { code: string; status: number; detail?: string } };
type Gql<T> = { status: number; data: T | null; errors?: GqlError[]; setCookies: string[] };

async function gql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  opts: { token?: string; lang?: string; cookie?: string } = {},
): Promise<Gql<T>> {
  const res = await fetch(`${baseUrl()}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl(),
      "accept-language": opts.lang ?? "en",
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T | null; errors?: GqlError[] };
  return {
    status: res.status,
    data: body.data ?? null,
    errors: body.errors,
    setCookies: res.headers.getSetCookie(),
  };
}

async function post<T>(
  path: string,
  body: unknown,
  opts: { token?: string; lang?: string; origin?: string } = {},
) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: opts.origin ?? baseUrl(),
      "accept-language": opts.lang ?? "en",
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data: T; error?: { message: string; detail: string } },
  };
}

type Owner = { token: string; id: string; email: string };

async function owner(): Promise<Owner> {
  const signedIn = await signInWithOidc();
  const email = String(signedIn.claims.email).toLowerCase();
  const [row] = await sql<{ id: string }>("select id from users where email = $1", [email]);
  return { token: signedIn.access, id: row!.id, email };
}

const card = (number: string, exp_year = 2030) => ({
  card_number: number,
  exp_month: 12,
  exp_year,
  cvc: "123",
});

const CREATE = `mutation Create($input: PaymentTokenInput!) {
  create_payment_token(input: $input) { token checkout_url expires_at }
}`;
const PAYMENT = `query Payment($token: String) {
  payment(token: $token) { status plan cycle amount currency title message test_mode }
}`;
const SUBSCRIPTION = `{ subscription {
  status cycle currency amount plan { id name } limits_plan limits { monthly_messages documents_per_agent }
  current_period_end cancel_at_period_end renewal_date renewal_amount notice { kind date } test_mode
} }`;
const INVOICES = `query Invoices($last: ID) { invoices(last_id: $last) {
  id number status due_date description payment_method plan plan_id total currency type kind
} }`;
const METHODS = `{ payment_methods { id brand last4 exp_month exp_year is_default is_other state } }`;

type Payment = {
  status: string;
  plan: string;
  cycle: string;
  amount: number;
  currency: string;
  title: string;
  message: string;
};
type Subscription = {
  status: string;
  cycle: string;
  plan: { id: string; name: string };
  limits_plan: string;
  limits: { monthly_messages: number };
  notice: { kind: string; date: string } | null;
  cancel_at_period_end: boolean;
  renewal_amount: number | null;
};
type Invoice = {
  id: string;
  number: string;
  status: string;
  total: number;
  type: string;
  plan: string;
  payment_method: string | null;
};
type Method = { id: string; last4: string; is_default: boolean; state: string };

async function checkout(o: Owner, plan = "starter", cycle = "yearly") {
  const r = await gql<{ create_payment_token: { token: string; checkout_url: string } }>(
    CREATE,
    { input: { plan, cycle, currency: "VND" } },
    { token: o.token },
  );
  expect(r.errors).toBeUndefined();
  return { ...r.data!.create_payment_token, setCookies: r.setCookies };
}

const pay = (o: Owner, token: string, with_: object) =>
  post<{ status: string; failure_code: string | null }>(
    "/api/v1/billing/sandbox/pay",
    { token, ...with_ },
    { token: o.token },
  );

async function paymentOf(o: Owner, token: string, lang = "en") {
  return (await gql<{ payment: Payment | null }>(PAYMENT, { token }, { token: o.token, lang })).data!.payment;
}

async function subscriptionOf(o: Owner) {
  const r = await gql<{ subscription: Subscription | null }>(SUBSCRIPTION, {}, { token: o.token });
  expect(r.errors).toBeUndefined();
  return r.data!.subscription;
}

/** Waits for what the event job does in the background (the subscription follows the provider's event). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const invoicesOf = async (o: Owner) =>
  (await gql<{ invoices: Invoice[] }>(INVOICES, {}, { token: o.token })).data!.invoices;
const methodsOf = async (o: Owner) =>
  (await gql<{ payment_methods: Method[] }>(METHODS, {}, { token: o.token })).data!.payment_methods;

describe("billing signed out", () => {
  it("shows the plans to anyone, each named in the request's language", async () => {
    const r = await gql<{
      plans: {
        id: string;
        name: string;
        status: string;
        prices: { cycle: string; currency: string; amount: number }[];
      }[];
    }>(
      "{ plans { id name status prices { cycle currency amount } limits { monthly_messages } } }",
      {},
      { lang: "vi" },
    );
    expect(r.status).toBe(200);
    const plans = r.data!.plans;
    expect(plans.map((p) => p.id)).toEqual(["free", "beginner", "starter", "business", "enterprise"]);
    expect(plans.map((p) => p.status)).toEqual([
      "available",
      "available",
      "available",
      "coming_soon",
      "contact_sales",
    ]);
    const starter = plans.find((p) => p.id === "starter")!;
    expect(starter.name).toBe("Cơ bản");
    expect(starter.prices).toContainEqual({ cycle: "yearly", currency: "VND", amount: STARTER_YEARLY_VND });
    expect(plans.find((p) => p.id === "enterprise")!.prices).toEqual([]);
  });

  it.each([
    ["subscription", SUBSCRIPTION, {}],
    ["invoices", INVOICES, {}],
    ["payment_methods", METHODS, {}],
    ["payment", PAYMENT, { token: "anything" }],
    ["create_payment_token", CREATE, { input: { plan: "starter", cycle: "monthly" } }],
  ])("answers %s with Unauthorized", async (_, query, variables) => {
    const r = await gql(query, variables);
    expect(r.status).toBe(401);
    expect(r.errors?.[0]).toMatchObject({ message: "Unauthorized", extensions: { code: "unauthorized" } });
    expect(r.setCookies.some((c) => /payment_token=./.test(c))).toBe(false);
  });

  it("stores an enterprise enquiry from anyone", async () => {
    const company = `Co ${randomBytes(4).toString("hex")}`;
    const r = await gql(`mutation C($input: ContactSalesInput!) { contact_sales(input: $input) }`, {
      input: { name: "Lan", email: "lan@example.test", company, message: "We have 40 shops." },
    });
    expect(r.data).toEqual({ contact_sales: true });
    const rows = await sql<{ name: string; locale: string }>(
      "select name, locale from sales_contacts where company = $1",
      [company],
    );
    expect(rows).toEqual([{ name: "Lan", locale: "en" }]);
    const bad = await gql(`mutation C($input: ContactSalesInput!) { contact_sales(input: $input) }`, {
      input: { name: "Lan", email: "not an address", message: "x" },
    });
    expect(bad.errors?.[0]?.extensions.code).toBe("validation_failed");
  });
});

describe("checkout with the sandbox", () => {
  it("buys Starter yearly with 4242: paid, active, one invoice of the yearly price, the card default, limits raised", async () => {
    const o = await owner();
    const started = await checkout(o);
    expect(started.checkout_url).toContain(`/billing/checkout/${encodeURIComponent(started.token)}`);
    const cookie = started.setCookies.find((c) => /^(__Host-)?payment_token=/.test(c))!;
    expect(cookie).toContain(`payment_token=${started.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=900/);

    const paid = await pay(o, started.token, card(CARD_OK));
    expect(paid.status).toBe(200);
    expect(paid.body.data).toEqual({ status: "succeeded", failure_code: null });

    // The payment page asks with the cookie alone (it is HttpOnly: the page cannot read it).
    const viaCookie = await gql<{ payment: Payment }>(
      PAYMENT,
      {},
      { token: o.token, cookie: cookie.split(";")[0] },
    );
    expect(viaCookie.data!.payment).toMatchObject({
      status: "succeeded",
      plan: "starter",
      cycle: "yearly",
      amount: STARTER_YEARLY_VND,
      currency: "VND",
      test_mode: true,
    });

    const sub = await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );
    expect(sub).toMatchObject({
      cycle: "yearly",
      plan: { id: "starter", name: "Starter" },
      limits_plan: "starter",
      limits: { monthly_messages: 10_000 },
      notice: null,
      renewal_amount: STARTER_YEARLY_VND,
    });
    const invoices = await invoicesOf(o);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: "paid",
      total: STARTER_YEARLY_VND,
      type: "yearly",
      plan: "Starter",
    });
    expect(invoices[0]!.number).toMatch(/^AC-\d{4}-\d{6}$/);
    expect(invoices[0]!.payment_method).toBe("Visa •••• 4242");
    const methods = await methodsOf(o);
    expect(methods).toEqual([expect.objectContaining({ last4: "4242", is_default: true, state: "active" })]);

    // A late drop for an older checkout leaves a newer checkout's cookie alone; the current one is dropped.
    const older = await gql(
      'mutation { drop_payment_token(token: "an-older-token") }',
      {},
      { token: o.token, cookie: cookie.split(";")[0] },
    );
    expect(older.setCookies.filter((c) => /payment_token=/.test(c))).toEqual([]);
    const dropped = await gql(
      `mutation { drop_payment_token(token: "${started.token}") }`,
      {},
      { token: o.token, cookie: cookie.split(";")[0] },
    );
    expect(dropped.setCookies.find((c) => /payment_token=;/.test(c))).toMatch(/Max-Age=0/);

    // A second purchase while subscribed is refused with its reason.
    const again = await gql(CREATE, { input: { plan: "beginner", cycle: "monthly" } }, { token: o.token });
    expect(again.errors?.[0]?.extensions.code).toBe("conflict");
    expect(again.errors?.[0]?.message).toBe(
      "You already have a paid plan. Change it from the billing page instead.",
    );
  });

  it("answers a visitor message past the free allowance once a paid plan is active", async () => {
    const o = await owner();
    const created = await post<{ id: string }>(
      "/api/v1/agent",
      { name: "Paid shop", model: "builtin" },
      { token: o.token },
    );
    expect(created.status).toBe(201);
    const month = new Date().toISOString().slice(0, 7);
    await sql(
      `insert into message_allowance (owner_id, month, used) values ($1, $2, 200)
       on conflict (owner_id, month) do update set used = 200`,
      [o.id, month],
    );
    const ask = () =>
      fetch(`${baseUrl()}/api/v1/public/agent/conversation/message`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: baseUrl(),
          "x-forwarded-for": `198.19.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
        },
        body: JSON.stringify({ agent_id: created.body.data.id, content: "When do you open?" }),
      });
    const spent = await ask();
    expect(spent.status).toBe(429);
    await spent.text();

    const started = await checkout(o);
    expect((await pay(o, started.token, card(CARD_OK))).body.data.status).toBe("succeeded");
    await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );
    // The entitlement is cached for a few seconds per process; the checkout's own write drops it.
    const answered = await until(
      async () => {
        const r = await ask();
        await r.text();
        return r.status;
      },
      (s) => s === 200,
      15_000,
    );
    expect(answered).toBe(200);
  });

  it("declines 0002 with the spec's texts and activates nothing", async () => {
    const o = await owner();
    const started = await checkout(o, "beginner", "monthly");
    const declined = await pay(o, started.token, card(CARD_DECLINED));
    expect(declined.body.data).toEqual({ status: "failed", failure_code: "card_declined" });
    expect(await paymentOf(o, started.token)).toMatchObject({
      status: "failed",
      title: "Payment failed!",
      message: "Please try again or use another payment method.",
    });
    expect(await paymentOf(o, started.token, "vi")).toMatchObject({
      status: "failed",
      title: "Thanh toán thất bại!",
      message: "Vui lòng thử lại hoặc sử dụng phương thức thanh toán khác.",
    });
    expect(await subscriptionOf(o)).toBeNull();
    expect(await invoicesOf(o)).toEqual([]);
    expect(await methodsOf(o)).toEqual([]);

    // A past expiry is refused before paying, with its reason, and the owner can buy again.
    const retry = await checkout(o, "beginner", "monthly");
    const expired = await pay(o, retry.token, card(CARD_OK, 2020));
    expect(expired.status).toBe(422);
    expect(expired.body.error?.detail).toBe(
      "This card has expired. Check the expiry date or use another card.",
    );
    expect((await pay(o, retry.token, card(CARD_OK))).body.data.status).toBe("succeeded");
    expect(
      await until(
        () => subscriptionOf(o),
        (s) => s?.status === "active",
      ),
    ).toMatchObject({ plan: { id: "beginner" } });
  });

  it("leaves a bank transfer verifying until its funds arrive, then activates", async () => {
    const o = await owner();
    const started = await checkout(o, "starter", "monthly");
    expect((await pay(o, started.token, { method: "bank_transfer" })).body.data.status).toBe("verifying");
    expect((await paymentOf(o, started.token))?.status).toBe("verifying");
    const verifying = await until(
      () => subscriptionOf(o),
      (s) => s?.status === "verifying",
    );
    expect(verifying!.notice?.kind).toBe("pending");
    expect(await invoicesOf(o)).toEqual([]);

    const settled = await post<{ status: string }>(
      "/api/v1/billing/sandbox/settle",
      { token: started.token },
      { token: o.token },
    );
    expect(settled.body.data.status).toBe("succeeded");
    // Nothing asks the payment here: the event and its job bring the subscription up.
    const active = await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );
    expect(active).toMatchObject({ plan: { id: "starter" }, cycle: "monthly", notice: null });
    expect((await paymentOf(o, started.token))?.status).toBe("succeeded");
    const invoices = await invoicesOf(o);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", total: 499_000, payment_method: "Bank transfer" });
  });

  it("refuses contact-sales and coming-soon plans with a translated reason", async () => {
    const o = await owner();
    const enterprise = await gql(
      CREATE,
      { input: { plan: "enterprise", cycle: "monthly" } },
      { token: o.token, lang: "vi" },
    );
    expect(enterprise.errors?.[0]?.message).toContain("bộ phận kinh doanh");
    expect(enterprise.setCookies.some((c) => /payment_token=./.test(c))).toBe(false);
    const business = await gql(CREATE, { input: { plan: "business", cycle: "monthly" } }, { token: o.token });
    expect(business.errors?.[0]?.message).toBe("This plan is coming soon and cannot be bought yet.");
    const nonsense = await gql(CREATE, { input: { plan: "gold", cycle: "weekly" } }, { token: o.token });
    expect(nonsense.errors?.[0]?.extensions.code).toBe("validation_failed");
  });

  it("charges once for 10 concurrent checkouts and payments of one owner", async () => {
    const o = await owner();
    const attempts = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const r = await gql<{ create_payment_token: { token: string } }>(
          CREATE,
          { input: { plan: "starter", cycle: "monthly", currency: "VND" } },
          { token: o.token },
        );
        if (!r.data) return "refused";
        return (
          (await pay(o, r.data.create_payment_token.token, card(CARD_OK))).body.data?.status ?? "refused"
        );
      }),
    );
    expect(attempts.filter((s) => s === "succeeded")).toHaveLength(1);
    await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );
    expect(await invoicesOf(o)).toHaveLength(1);
    const charges = await sql<{ n: number }>(
      "select count(*)::int as n from sandbox_payments where customer = $1 and status = 'succeeded'",
      [o.id],
    );
    expect(charges[0]!.n).toBe(1);
    expect(
      (
        await sql<{ n: number }>("select count(*)::int as n from subscriptions where owner_id = $1", [o.id])
      )[0]!.n,
    ).toBe(1);
  });
});

describe("plan changes", () => {
  it("upgrades at once with a prorated charge, and cancels and resumes at the period's end", async () => {
    const o = await owner();
    const started = await checkout(o, "beginner", "monthly");
    await pay(o, started.token, card(CARD_OK));
    await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );

    // What the confirmation shows: the charge and the card, before anything happens.
    const PREVIEW = `query P($plan: ID!, $cycle: String!) { plan_change_preview(plan: $plan, cycle: $cycle) {
      timing charge currency effective_date payment_method
    } }`;
    type Preview = { plan_change_preview: { timing: string; charge: number; payment_method: string | null } };
    const preview = await gql<Preview>(PREVIEW, { plan: "starter", cycle: "monthly" }, { token: o.token });
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.plan_change_preview).toMatchObject({
      timing: "now",
      currency: "VND",
      payment_method: "Visa •••• 4242",
    });
    expect(await invoicesOf(o)).toHaveLength(1);
    const later = await gql<Preview>(PREVIEW, { plan: "beginner", cycle: "yearly" }, { token: o.token });
    expect(later.data!.plan_change_preview.timing).toBe("now"); // monthly → yearly starts at once
    const refused = await gql(
      PREVIEW,
      { plan: "enterprise", cycle: "monthly" },
      { token: o.token, lang: "vi" },
    );
    expect(refused.errors?.[0]?.message).toBe(
      "Gói này được thỏa thuận với bộ phận kinh doanh. Hãy gửi biểu mẫu liên hệ, chúng tôi sẽ phản hồi bạn.",
    );

    const CHANGE = `mutation P($plan: ID!, $cycle: String!) { change_plan(plan: $plan, cycle: $cycle) {
      timing status invoice { status total kind } subscription { plan { id } cycle }
    } }`;
    const up = await gql<{
      change_plan: {
        timing: string;
        status: string;
        invoice: { status: string; total: number; kind: string };
        subscription: { plan: { id: string } };
      };
    }>(CHANGE, { plan: "starter", cycle: "monthly" }, { token: o.token });
    expect(up.errors).toBeUndefined();
    expect(up.data!.change_plan).toMatchObject({
      timing: "now",
      status: "paid",
      invoice: { status: "paid", kind: "change" },
    });
    // The difference for the days left of a month just begun: (499,000 − 199,000) at most, and not nothing.
    expect(up.data!.change_plan.invoice.total).toBeGreaterThan(0);
    expect(up.data!.change_plan.invoice.total).toBeLessThanOrEqual(300_000);
    // The preview and the change agree (the same decision, the same day).
    expect(up.data!.change_plan.invoice.total).toBe(preview.data!.plan_change_preview.charge);
    expect(up.data!.change_plan.subscription.plan.id).toBe("starter");
    expect(await invoicesOf(o)).toHaveLength(2);

    const same = await gql(CHANGE, { plan: "starter", cycle: "monthly" }, { token: o.token });
    expect(same.errors?.[0]?.message).toBe("You are already on this plan and billing cycle.");

    const CANCEL = "mutation { cancel_subscription { status cancel_at_period_end renewal_date } }";
    const canceled = await gql<{
      cancel_subscription: { status: string; cancel_at_period_end: boolean; renewal_date: string | null };
    }>(CANCEL, {}, { token: o.token });
    expect(canceled.data!.cancel_subscription).toEqual({
      status: "active",
      cancel_at_period_end: true,
      renewal_date: null,
    });
    const twice = await gql(CANCEL, {}, { token: o.token, lang: "vi" });
    expect(twice.errors?.[0]?.message).toBe("Gói của bạn đã được đặt để kết thúc vào cuối chu kỳ này.");
    const resumed = await gql<{ resume_subscription: { cancel_at_period_end: boolean } }>(
      "mutation { resume_subscription { cancel_at_period_end } }",
      {},
      { token: o.token },
    );
    expect(resumed.data!.resume_subscription.cancel_at_period_end).toBe(false);
  });

  it("changes sent at once are each decided on the state the one before left, one invoice and one charge each", async () => {
    const CHANGE = `mutation P($plan: ID!, $cycle: String!) { change_plan(plan: $plan, cycle: $cycle) {
      timing status invoice { number total } } }`;
    type Change = {
      change_plan: { timing: string; status: string | null; invoice: { number: string } | null };
    };
    const refusals = (lang: "en" | "vi") =>
      ["change_in_progress", "same_plan", "upgrade_keeps_cycle"].map(
        (code) => (lang === "en" ? en : vi).errors.billing[code as "same_plan"],
      );
    const targets = [
      { plan: "starter", cycle: "monthly" },
      { plan: "starter", cycle: "yearly" },
      { plan: "beginner", cycle: "yearly" },
      { plan: "beginner", cycle: "monthly" },
    ];

    const o = await owner();
    await pay(o, (await checkout(o, "beginner", "monthly")).token, card(CARD_OK));
    await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );
    const langs = Array.from({ length: 20 }, (_, i) => (i % 2 ? "vi" : "en") as "en" | "vi");
    const answers = await Promise.all(
      langs.map((lang, i) => gql<Change>(CHANGE, targets[i % targets.length]!, { token: o.token, lang })),
    );
    const changes = await sql<{ id: string; number: string; key: string; status: string; target: string }>(
      "select id, number, key, status, plan || '.' || cycle as target from invoices where owner_id = $1 and kind = 'change' order by number",
      [o.id],
    );
    const charged = await sql<{ key: string; status: string }>(
      "select idempotency_key as key, status from sandbox_payments where customer = $1 and idempotency_key like 'invoice:%'",
      [o.id],
    );
    // Decided (and paid), or refused in the caller's language: a change being charged, or one already made.
    answers.forEach((a, i) => {
      if (a.errors) {
        expect([400, 409]).toContain(a.status);
        expect(refusals(langs[i]!)).toContain(a.errors[0]!.message);
      } else expect(a.data!.change_plan.status ?? "paid").toBe("paid");
    });
    // Each change was decided on the state the one before it left (its key names where it started from).
    let from = "beginner.monthly";
    for (const c of changes) {
      expect(c.status).toBe("paid");
      expect(c.key.split(":")[2]).toBe(from);
      from = c.target;
    }
    const [sub] = await sql<{ id: string; now: string }>(
      "select id, plan || '.' || cycle as now from subscriptions where owner_id = $1",
      [o.id],
    );
    expect(sub!.now).toBe(from);
    // One charge per invoice, and every invoice one of the answers.
    expect(charged.map((c) => c.key).sort()).toEqual(changes.map((c) => `invoice:${c.id}:attempt:1`).sort());
    expect(charged.every((c) => c.status === "succeeded")).toBe(true);
    const answered = answers.flatMap((a) => a.data?.change_plan.invoice?.number ?? []);
    expect(new Set(answered)).toEqual(new Set(changes.map((c) => c.number)));
    expect(changes.length).toBeGreaterThan(0);

    // A change being charged (its claim made just now) holds another off, with the refusal in the caller's language.
    await sql(
      `insert into invoices (number, subscription_id, owner_id, key, kind, status, plan, cycle, currency, total,
        description, period_start, period_end, due_date, attempts, attempted_at)
       values ($1, $2, $3, $4, 'change', 'upcoming', 'starter', 'yearly', 'VND', 1, 'test', now(), now(), now(), 1, now())`,
      [`AC-TEST-${randomUUID()}`, sub!.id, o.id, `change:test:${randomUUID()}`],
    );
    const busy = await gql(CHANGE, { plan: "beginner", cycle: "monthly" }, { token: o.token, lang: "vi" });
    expect(busy.errors?.[0]).toMatchObject({
      message: vi.errors.billing.change_in_progress,
      extensions: { code: "conflict", status: 409 },
    });
  });
});

describe("renewals on the sandbox's test clock", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const clock = (o: Owner, at: Date, lang = "en") =>
    post<{ upcoming: number; transfers: number; renewed: number; retried: number }>(
      "/api/v1/billing/sandbox/clock",
      { at: at.toISOString() },
      { token: o.token, lang },
    );
  const RENEWAL = `{ subscription { current_period_end } }`;

  it("renews with 0341: payment_failed, retried after 1, 3 and 5 days, then expired with free limits", async () => {
    const o = await owner();
    const started = await checkout(o, "beginner", "monthly");
    expect((await pay(o, started.token, card("4000 0000 0000 0341"))).body.data.status).toBe("succeeded");
    await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );
    const end = new Date(
      (await gql<{ subscription: { current_period_end: string } }>(RENEWAL, {}, { token: o.token })).data!
        .subscription.current_period_end,
    );

    // Three days before the end, the next period's invoice is upcoming, and nothing is charged.
    expect((await clock(o, new Date(end.getTime() - 2 * DAY))).body.data.upcoming).toBe(1);
    let invoices = await invoicesOf(o);
    expect(invoices.map((i) => i.status).sort()).toEqual(["paid", "upcoming"]);

    // At the end the saved card is declined: the renewal fails, the plan is kept while it is retried.
    expect((await clock(o, new Date(end.getTime() + 60_000))).body.data.renewed).toBe(1);
    let sub = (await subscriptionOf(o))!;
    expect(sub).toMatchObject({
      status: "past_due",
      limits_plan: "beginner",
      notice: { kind: "payment_failed" },
    });
    invoices = await invoicesOf(o);
    expect(invoices.map((i) => i.status).sort()).toEqual(["failed", "paid"]);
    expect(invoices.find((i) => i.status === "failed")!.payment_method).toBe("Visa •••• 0341");

    // Running the same moment again charges nothing more (one attempt per run and retry time).
    expect((await clock(o, new Date(end.getTime() + 60_000))).body.data).toEqual({
      upcoming: 0,
      transfers: 0,
      renewed: 0,
      retried: 0,
    });
    for (const days of [1, 3]) {
      expect((await clock(o, new Date(end.getTime() + days * DAY + 60_000))).body.data.retried).toBe(1);
      expect((await subscriptionOf(o))!.status).toBe("past_due");
    }
    expect((await clock(o, new Date(end.getTime() + 5 * DAY + 60_000))).body.data.retried).toBe(1);
    sub = (await subscriptionOf(o))!;
    expect(sub).toMatchObject({ status: "expired", limits_plan: "free", notice: { kind: "expired" } });
    expect(sub.notice!.date.slice(0, 10)).toBe(
      new Date(end.getTime() + 5 * DAY + 60_000).toISOString().slice(0, 10),
    );
    const [attempts] = await sql<{ attempts: number }>(
      "select attempts from invoices where owner_id = $1 and kind = 'renewal'",
      [o.id],
    );
    expect(attempts!.attempts).toBe(4);

    // The clock only moves forward, within two years; the refusal is in the caller's language.
    const back = await clock(o, new Date(Date.now() - DAY), "vi");
    expect(back.status).toBe(400);
    expect(back.body.error?.detail).toBe(
      "Đồng hồ thử nghiệm chỉ tiến về phía trước, tối đa hai năm kể từ bây giờ.",
    );
    expect((await clock(o, new Date(Date.now() + 800 * DAY))).status).toBe(400);
    const bad = await post("/api/v1/billing/sandbox/clock", { at: "tomorrow" }, { token: o.token });
    expect(bad.status).toBe(422);
  });

  it("moves only the caller's own subscription", async () => {
    const [a, b] = [await owner(), await owner()];
    for (const o of [a, b]) {
      await pay(o, (await checkout(o, "beginner", "monthly")).token, card(CARD_OK));
      await until(
        () => subscriptionOf(o),
        (s) => s?.status === "active",
      );
    }
    expect((await clock(a, new Date(Date.now() + 40 * DAY))).body.data.renewed).toBe(1);
    expect(await invoicesOf(a)).toHaveLength(2);
    expect(await invoicesOf(b)).toHaveLength(1);
    const signedOut = await fetch(`${baseUrl()}/api/v1/billing/sandbox/clock`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl() },
      body: JSON.stringify({ at: new Date().toISOString() }),
    });
    expect(signedOut.status).toBe(401);
  });
});

describe("payment methods", () => {
  it("adds, makes default and refuses to delete the only card of a renewing plan", async () => {
    const o = await owner();
    // The billing page asks how a card is added: on the sandbox, in its own test-card form.
    const entry = await gql<{ card_entry: string }>("{ card_entry }", {}, { token: o.token });
    expect(entry.data!.card_entry).toBe("form");
    expect((await gql("{ card_entry }")).errors?.[0]?.message).toBe("Unauthorized");
    const started = await checkout(o, "beginner", "monthly");
    await pay(o, started.token, card(CARD_OK));
    await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );
    const [first] = await methodsOf(o);

    const del = (id: string, lang = "en") =>
      gql<{ delete_payment_method: Method[] }>(
        "mutation D($id: ID!) { delete_payment_method(id: $id) { id is_default } }",
        { id },
        { token: o.token, lang },
      );
    const refused = await del(first!.id);
    expect(refused.errors?.[0]?.extensions.code).toBe("conflict");
    expect(refused.errors?.[0]?.message).toContain("only card");

    const added = await gql<{ add_payment_method: Method }>(
      "mutation A($input: CardInput!) { add_payment_method(input: $input) { id last4 is_default } }",
      { input: card("4000 0000 0000 0341", 2031) },
      { token: o.token },
    );
    expect(added.data!.add_payment_method).toMatchObject({ last4: "0341", is_default: true });
    const back = await gql<{ set_default_payment_method: Method[] }>(
      "mutation S($id: ID!) { set_default_payment_method(id: $id) { id is_default } }",
      { id: first!.id },
      { token: o.token },
    );
    expect(back.data!.set_default_payment_method.find((m) => m.is_default)?.id).toBe(first!.id);
    const after = await del(first!.id);
    expect(after.data!.delete_payment_method).toEqual([
      { id: added.data!.add_payment_method.id, is_default: true },
    ]);
  });
});

describe("one owner's billing is invisible to another", () => {
  it("answers another owner's token, invoice and card as if absent", async () => {
    const a = await owner();
    const b = await owner();
    const started = await checkout(a, "beginner", "monthly");
    await pay(a, started.token, card(CARD_OK));
    await until(
      () => subscriptionOf(a),
      (s) => s?.status === "active",
    );
    const [invoice] = await invoicesOf(a);
    const [method] = await methodsOf(a);

    expect(await paymentOf(b, started.token)).toBeNull();
    const inv = await gql(
      "query I($id: ID!) { invoice(id: $id) { number } }",
      { id: invoice!.id },
      { token: b.token },
    );
    expect(inv.data).toEqual({ invoice: null });
    expect(await invoicesOf(b)).toEqual([]);
    const paged = await gql<{ invoices: Invoice[] }>(INVOICES, { last: invoice!.id }, { token: b.token });
    expect(paged.data!.invoices).toEqual([]);

    const setOther = await gql(
      "mutation S($id: ID!) { set_default_payment_method(id: $id) { id } }",
      { id: method!.id },
      { token: b.token },
    );
    const setUnknown = await gql(
      "mutation S($id: ID!) { set_default_payment_method(id: $id) { id } }",
      { id: randomUUID() },
      { token: b.token },
    );
    expect(setOther.errors?.[0]).toEqual(setUnknown.errors?.[0]);
    expect(setOther.errors?.[0]?.extensions.code).toBe("not_found");
    const delOther = await gql(
      "mutation D($id: ID!) { delete_payment_method(id: $id) { id } }",
      { id: method!.id },
      { token: b.token },
    );
    expect(delOther.errors?.[0]?.extensions.code).toBe("not_found");
    expect(await methodsOf(a)).toHaveLength(1);

    const payOther = await pay(b, started.token, card(CARD_OK));
    const payUnknown = await pay(b, "no-such-token", card(CARD_OK));
    expect(payOther.status).toBe(404);
    expect(payOther.body).toEqual(payUnknown.body);
  });
});

describe("the sandbox webhook", () => {
  const secret = () => sandboxSecret(inject("sessionSecret"));
  const send = (raw: string, signature: string, origin?: string) =>
    fetch(`${baseUrl()}/api/v1/billing/webhooks/sandbox`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "sandbox-signature": signature,
        ...(origin ? { origin } : {}),
      },
      body: raw,
    });
  const event = (id: string, ref: string, customer: string) =>
    JSON.stringify({
      id,
      type: "payment.updated",
      created: Math.floor(Date.now() / 1000),
      data: { object: "payment", ref, customer },
    });
  const signed = (raw: string) => signEvent(secret(), raw, Math.floor(Date.now() / 1000));

  it("refuses a forged or missing signature and stores nothing", async () => {
    const id = `evt_forged_${randomBytes(6).toString("hex")}`;
    const raw = event(id, "sbx_pay_nothing", randomUUID());
    const forged = await send(raw, signEvent("not the key", raw, Math.floor(Date.now() / 1000)));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { detail: string } }).error.detail).toBe(
      "The event's signature is not valid.",
    );
    const missing = await send(raw, "");
    expect(missing.status).toBe(400);
    await missing.text();
    const altered = await send(raw.replace("payment.updated", "payment.succeeded"), signed(raw));
    expect(altered.status).toBe(400);
    await altered.text();
    expect(await sql("select 1 from billing_events where event_id = $1", [id])).toEqual([]);
  });

  it("changes state once for an event delivered twice and for two out of order, from any origin", async () => {
    const o = await owner();
    const started = await checkout(o, "starter", "monthly");
    await pay(o, started.token, { method: "bank_transfer" });
    const [token] = await sql<{ ref: string }>(
      "select provider_ref as ref from payment_tokens where owner_id = $1 and status <> 'expired'",
      [o.id],
    );
    // The funds arrive at the provider; its own delivery is replaced by ours, out of order and twice.
    await sql("update sandbox_payments set status = 'succeeded', settled_at = now() where ref = $1", [
      token!.ref,
    ]);
    const first = event(`evt_a_${randomBytes(6).toString("hex")}`, token!.ref, o.id);
    const second = event(`evt_b_${randomBytes(6).toString("hex")}`, token!.ref, o.id);
    const answers = [];
    for (const raw of [second, first, second, first]) {
      const res = await send(raw, signed(raw), "https://provider.example");
      answers.push([res.status, ((await res.json()) as { data: { duplicate: boolean } }).data.duplicate]);
    }
    expect(answers).toEqual([
      [200, false],
      [200, false],
      [200, true],
      [200, true],
    ]);
    const active = await until(
      () => subscriptionOf(o),
      (s) => s?.status === "active",
    );
    expect(active).toMatchObject({ plan: { id: "starter" }, cycle: "monthly" });
    const invoices = await invoicesOf(o);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", total: 499_000 });
    const stored = await sql<{ n: number }>(
      "select count(*)::int as n from billing_events where event_id = any($1::text[])",
      [[JSON.parse(first).id, JSON.parse(second).id]],
    );
    expect(stored[0]!.n).toBe(2);
  });

  it("keeps the origin check on the other billing routes", async () => {
    const o = await owner();
    const res = await post(
      "/api/v1/billing/sandbox/pay",
      { token: "x", ...card(CARD_OK) },
      { token: o.token, origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
  });
});
