import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { mailsTo } from "../helpers/mail";
import { newPerson, signInWithOidc } from "../helpers/oidc-sign-in";
import { payosWorld } from "../helpers/payos-server";
import { sqlAt } from "../helpers/sql";

/**
 * Billing with payOS (VietQR bank transfers) over real HTTP: a server of this file's own, pointed at the fake
 * payOS of tests/peers/payos.ts (PAYOS_API_BASE). A VND checkout opens a payment link shown on our own page;
 * the plan activates only when payOS's signed transfer event has been read back from payOS (duplicates,
 * reverse order and a lying payload change nothing more); forged bodies and wrong keys are refused; an
 * unknown link changes nothing; an underpaid link stays verifying with what is still due; payOS down leaves
 * the payment verifying; a closed link fails; a renewal without a card is a link e-mailed with the upcoming
 * invoice. The shared sandbox server answers 404 on payOS's webhook.
 */

const STARTER_MONTHLY_VND = 499_000;

const world = payosWorld();
const base = world.base;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  sqlAt<T>(base(), query, params);

type Gql<T> = { data: T | null; errors?: { message: string; extensions: { code: string } }[] };

async function owner(lang = "en") {
  const person = newPerson("Payer");
  const { access } = await signInWithOidc(person, base());
  const gql = async <T>(query: string, variables = {}): Promise<Gql<T>> => {
    const res = await fetch(`${base()}/api/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: base(),
        "accept-language": lang,
        authorization: `Bearer ${access}`,
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as Gql<T>;
  };
  const checkout = async (plan = "starter", cycle = "monthly", extra: Record<string, string> = {}) => {
    const r = await gql<{ create_payment_token: { token: string; checkout_url: string } }>(
      "mutation C($i: PaymentTokenInput!) { create_payment_token(input: $i) { token checkout_url } }",
      { i: { plan, cycle, ...extra } },
    );
    expect(r.errors).toBeUndefined();
    const { token, checkout_url } = r.data!.create_payment_token;
    const [mine] = await sql<{ ref: string; provider: string }>(
      "select provider_ref as ref, provider from payment_tokens where token_hash = $1",
      [createHash("sha256").update(token).digest("hex")],
    );
    expect(mine?.provider).toBe("payos");
    return { token, url: checkout_url, linkId: mine!.ref };
  };
  const state = async (token?: string) => {
    const r = await gql<{
      subscription: { status: string; cycle: string; plan: { id: string }; test_mode: boolean } | null;
      invoices: {
        number: string;
        status: string;
        total: number;
        kind: string;
        payment_method: string | null;
      }[];
      payment: { status: string; amount_due: number | null } | null;
    }>(
      `query S($t: String) { subscription { status cycle test_mode plan { id } }
         invoices { number status total kind payment_method } payment(token: $t) { status amount_due } }`,
      { t: token ?? null },
    );
    expect(r.errors).toBeUndefined();
    return r.data!;
  };
  return { person, access, gql, checkout, state };
}

/** Waits until the stored event has been processed by the job (or fails with its error). */
async function processed(eventId: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const [row] = await sql<{ processed_at: string | null; last_error: string | null }>(
      "select processed_at, last_error from billing_events where provider = 'payos' and event_id = $1",
      [eventId],
    );
    if (row?.processed_at) return row;
    if (row?.last_error) throw new Error(`event ${eventId} failed: ${row.last_error}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`event ${eventId} not processed in time`);
}

/** A transfer reaches the link; its signed event is posted and processed. */
async function transfer(linkId: string, amount?: number) {
  const sent = await world.peer().pay(linkId, amount);
  expect(sent.status).toBe(200);
  const eventId = `${linkId}:${sent.data.reference}`;
  await processed(eventId);
  return { ...sent, eventId };
}

const countEvents = async () =>
  Number((await sql<{ n: number }>("select count(*)::int as n from billing_events"))[0]!.n);

describe("checkout by bank transfer through payOS", () => {
  it("a VND checkout opens a payment link shown on our own page with its QR and account; the paid transfer activates the plan once", async () => {
    const o = await owner();
    const { token, url, linkId } = await o.checkout();
    expect(url).toBe(`${base()}/en/billing/checkout/${token}`);
    const link = world.peer().links.get(linkId)!;
    expect(link).toMatchObject({ amount: STARTER_MONTHLY_VND, status: "PENDING" });
    expect(link.description).toMatch(/^AC[0-9A-Z]+$/);
    expect(link.description.length).toBeLessThanOrEqual(25);

    // Our checkout page: the QR drawn as SVG, the bank details to type, no payOS page needed.
    const page = await fetch(url, { headers: { cookie: `access_token=${o.access}` } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const qr = html.match(/data-testid="transfer-qr"[^>]*>(<svg[\s\S]*?<\/svg>)/)?.[1] ?? "";
    expect(qr).toMatch(/^<svg[^>]*viewBox/);
    expect(qr).not.toMatch(/<script|href=|on\w+=/i);
    expect(html.includes(`data-testid="transfer-account-number"`)).toBe(true);
    expect(html.includes(link.accountNumber)).toBe(true);
    expect(html.includes(link.description)).toBe(true);
    expect((await o.state(token)).payment).toEqual({ status: "pending", amount_due: null });

    const paid = await transfer(linkId);
    // The same event three times: stored once, nothing more happens.
    const before = await countEvents();
    for (let i = 0; i < 2; i++) {
      const again = await world.peer().post(world.peer().signWebhook(paid.data));
      expect(again).toMatchObject({ status: 200, body: { data: { received: true, duplicate: true } } });
    }
    expect(await countEvents()).toBe(before);

    const s = await o.state(token);
    expect(s.subscription).toMatchObject({
      status: "active",
      cycle: "monthly",
      plan: { id: "starter" },
      test_mode: false,
    });
    expect(s.invoices).toEqual([
      expect.objectContaining({
        status: "paid",
        total: STARTER_MONTHLY_VND,
        kind: "checkout",
        payment_method: "Bank transfer",
      }),
    ]);
    expect(s.payment).toEqual({ status: "succeeded", amount_due: null });
  });

  it("underpaid stays verifying with the amount still due; the rest arrives and the plan activates; events in reverse order end the same", async () => {
    const o = await owner();
    const { token, linkId } = await o.checkout();
    const part = 200_000;
    await transfer(linkId, part);
    const half = await o.state(token);
    expect(half.payment).toEqual({ status: "verifying", amount_due: STARTER_MONTHLY_VND - part });
    expect(half.subscription?.status).toBe("verifying");
    expect(half.invoices).toEqual([]);

    await transfer(linkId);
    const done = await o.state(token);
    expect(done.subscription?.status).toBe("active");
    expect(done.payment).toEqual({ status: "succeeded", amount_due: null });
    expect(done.invoices.map((i) => [i.status, i.total])).toEqual([["paid", STARTER_MONTHLY_VND]]);

    // Another owner: both transfers arrive, their events are delivered newest first.
    const p = await owner();
    const second = await p.checkout();
    const first = world.peer().transfer(second.linkId, part);
    const rest = world.peer().transfer(second.linkId, STARTER_MONTHLY_VND - part);
    for (const data of [rest, first]) {
      const sent = await world.peer().post(world.peer().signWebhook(data));
      expect(sent.status).toBe(200);
      await processed(`${second.linkId}:${data.reference}`);
    }
    const after = await p.state(second.token);
    expect(after.subscription?.status).toBe("active");
    expect(after.invoices.map((i) => [i.status, i.total])).toEqual([["paid", STARTER_MONTHLY_VND]]);
  });

  it("an event that lies about the amount changes nothing beyond what payOS says", async () => {
    const o = await owner();
    const { token, linkId } = await o.checkout();
    const real = world.peer().transfer(linkId, 1_000);
    // Signed with the right key (a replayed or crafted body), but payOS itself holds 1,000 ₫ only.
    const lie = { ...real, amount: STARTER_MONTHLY_VND, code: "00", desc: "success" };
    const sent = await world.peer().post(world.peer().signWebhook(lie));
    expect(sent.status).toBe(200);
    await processed(`${linkId}:${real.reference}`);
    const s = await o.state(token);
    expect(s.subscription?.status).toBe("verifying");
    expect(s.payment).toEqual({ status: "verifying", amount_due: STARTER_MONTHLY_VND - 1_000 });
    expect(s.invoices).toEqual([]);
  });

  it("refuses a tampered body and a wrong checksum key, storing nothing; an unknown link answers 200 and changes nothing", async () => {
    const o = await owner();
    const { token, linkId } = await o.checkout();
    const data = world.peer().transfer(linkId, STARTER_MONTHLY_VND);
    const before = await countEvents();
    const tampered = await world
      .peer()
      .post(
        world
          .peer()
          .signWebhook(data, { tamper: (b) => b.replace(`"amount":${STARTER_MONTHLY_VND}`, '"amount":1') }),
      );
    expect(tampered.status).toBe(400);
    expect(tampered.body).toMatchObject({ error: { status: 400 } });
    const wrongKey = await world
      .peer()
      .post(world.peer().signWebhook(data, { secret: "not-the-checksum-key" }));
    expect(wrongKey.status).toBe(400);
    for (const body of ["not json", "{}", '{"data":[],"signature":"x"}', '{"data":{"a":1}}']) {
      expect((await world.peer().post(body)).status).toBe(400);
    }
    // A body far larger than any payOS event is refused before it is read.
    const huge = await world
      .peer()
      .post(JSON.stringify({ data: { pad: "x".repeat(300_000) }, signature: "x" }));
    expect(huge.status).toBe(413);
    expect(await countEvents()).toBe(before);
    // Nothing was processed for this owner: the payment is only known once payOS is asked.
    const [sub] = await sql(
      "select status from subscriptions where owner_id = (select owner_id from transfer_links where ref = $1)",
      [linkId],
    );
    expect(sub).toBeUndefined();

    // payOS's "confirm webhook" test, or a link of another deployment: signed, but not ours.
    const stranger = { ...data, paymentLinkId: "0123456789abcdef0123456789abcdef", orderCode: 123 };
    const unknown = await world.peer().post(world.peer().signWebhook(stranger));
    expect(unknown).toMatchObject({ status: 200, body: { data: { received: true, duplicate: false } } });
    await processed(`${stranger.paymentLinkId}:${data.reference}`);
    expect(await sql("select 1 from transfer_links where ref = $1", [stranger.paymentLinkId])).toEqual([]);
    // The real transfer still counts once asked for (the page's payment check).
    expect((await o.state(token)).payment?.status).toBe("succeeded");
  });

  it("payOS down during the payment check: the page says verifying, never failed; back up, the payment settles", async () => {
    const o = await owner();
    const { token, linkId } = await o.checkout();
    world.peer().transfer(linkId, STARTER_MONTHLY_VND);
    world.peer().down = true;
    try {
      expect((await o.state(token)).payment?.status).toBe("verifying");
    } finally {
      world.peer().down = false;
    }
    expect((await o.state(token)).payment?.status).toBe("succeeded");
  });

  it("a cancelled or expired link fails the checkout; the owner can start again", async () => {
    const o = await owner();
    const { token, linkId } = await o.checkout();
    const cancel = await fetch(`${world.peer().baseUrl}/web/${linkId}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancel.status).toBe(303);
    expect((await o.state(token)).payment?.status).toBe("failed");
    expect((await o.state(token)).subscription?.status ?? null).not.toBe("active");

    const again = await o.checkout();
    const realNow = world.peer().now;
    world.peer().now = () => realNow() + 2 * 24 * 60 * 60 * 1000;
    try {
      expect((await o.state(again.token)).payment?.status).toBe("failed");
    } finally {
      world.peer().now = realNow;
    }
  });

  it("a new checkout cancels the open link, so an old QR cannot be paid", async () => {
    const o = await owner();
    const first = await o.checkout();
    await o.checkout("starter", "yearly");
    expect(world.peer().links.get(first.linkId)?.status).toBe("CANCELLED");
    expect(() => world.peer().transfer(first.linkId, STARTER_MONTHLY_VND)).toThrow();
  });

  it("an unknown payment method is refused in the owner's language, nothing created", async () => {
    const o = await owner("vi");
    const r = await o.gql(
      "mutation C($i: PaymentTokenInput!) { create_payment_token(input: $i) { token } }",
      {
        i: { plan: "starter", cycle: "monthly", method: "crypto" },
      },
    );
    expect(r.data).toBeNull();
    expect(r.errors?.[0]?.extensions.code).toBe("validation_failed");
    expect(r.errors?.[0]?.message).toMatch(/[ạảãáàâăđêôơư]/);
  });

  it("USD goes to a card provider (here the sandbox): payOS takes VND only", async () => {
    const o = await owner();
    const r = await o.gql<{ create_payment_token: { checkout_url: string } }>(
      "mutation C($i: PaymentTokenInput!) { create_payment_token(input: $i) { checkout_url } }",
      { i: { plan: "starter", cycle: "monthly", currency: "USD" } },
    );
    expect(r.errors).toBeUndefined();
    const [row] = await sql<{ provider: string }>(
      "select provider from payment_tokens where currency = 'USD' order by inserted_at desc limit 1",
    );
    expect(row?.provider).toBe("sandbox");
  });
});

describe("renewal by bank transfer", () => {
  it("the upcoming invoice comes with a link e-mailed once; unpaid at the period's end it goes past due, and the transfer renews it", async () => {
    const o = await owner("vi");
    const { token, linkId } = await o.checkout();
    await transfer(linkId);
    expect((await o.state(token)).subscription?.status).toBe("active");
    const [sub] = await sql<{ end: string }>(
      "select current_period_end as end from subscriptions s join transfer_links l on l.owner_id = s.owner_id where l.ref = $1",
      [linkId],
    );
    const end = new Date(sub!.end).getTime();
    const clock = (at: number) =>
      fetch(`${base()}/api/v1/billing/sandbox/clock`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base(), authorization: `Bearer ${o.access}` },
        body: JSON.stringify({ at: new Date(at).toISOString() }),
      });

    // Three days before the end: the upcoming invoice and its link, mailed once however often the cron runs.
    for (let i = 0; i < 2; i++) expect((await clock(end - 2 * 86_400_000)).status).toBe(200);
    const upcoming = (await o.state()).invoices.find((i) => i.kind === "renewal")!;
    expect(upcoming).toMatchObject({ status: "upcoming", total: STARTER_MONTHLY_VND });
    const [renewalLink] = await sql<{ ref: string; amount: number }>(
      "select l.ref, l.amount from transfer_links l join invoices i on i.id = l.invoice_id where i.number = $1",
      [upcoming.number],
    );
    expect(renewalLink?.amount).toBe(STARTER_MONTHLY_VND);
    const mails = (await mailsTo(String(o.person.email), { mailboxUrl: world.mailboxUrl() })).filter((m) =>
      m.text.includes(`/billing/invoices/${upcoming.number}/pay`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("chuyển khoản");
    const due = await o.gql<{ subscription: { pay_by_transfer: string | null } }>(
      "{ subscription { pay_by_transfer } }",
    );
    expect(due.data?.subscription.pay_by_transfer).toBe(upcoming.number);

    // The period ends unpaid: past due (the plan is kept through the retries).
    expect((await clock(end + 60_000)).status).toBe(200);
    expect((await o.state()).subscription?.status).toBe("past_due");

    // The owner pays the e-mailed link: the renewal is paid and the plan active again for the next period.
    await transfer(renewalLink!.ref);
    const renewed = await o.state();
    expect(renewed.subscription?.status).toBe("active");
    expect(renewed.invoices.find((i) => i.number === upcoming.number)).toMatchObject({
      status: "paid",
      payment_method: "Bank transfer",
    });
    const [next] = await sql<{ end: string }>(
      "select current_period_end as end from subscriptions s join transfer_links l on l.owner_id = s.owner_id where l.ref = $1",
      [linkId],
    );
    expect(new Date(next!.end).getTime()).toBeGreaterThan(end);
    const settled = await o.gql<{ subscription: { pay_by_transfer: string | null } }>(
      "{ subscription { pay_by_transfer } }",
    );
    expect(settled.data?.subscription.pay_by_transfer).toBeNull();

    // The renewal's own page shows it paid.
    const page = await fetch(`${base()}/vi/billing/invoices/${upcoming.number}/pay`, {
      headers: { cookie: `access_token=${o.access}` },
    });
    expect(page.status).toBe(200);
    expect((await page.text()).includes('data-state="paid"')).toBe(true);
  });
});

describe("payOS's webhook elsewhere", () => {
  it("is absent on a server without payOS (404, path named)", async () => {
    const res = await fetch(`${inject("baseUrl")}/api/v1/billing/webhooks/payos`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { status: 404 } });
  });
});
