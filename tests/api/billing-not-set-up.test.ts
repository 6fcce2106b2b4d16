import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * A production server whose APP_URL others reach, without provider keys: the sandbox must not take
 * payments there (its test card 4242 would unlock paid plans for anyone). Its own server, as a deployment
 * has it: the shared test server's APP_URL is on loopback, where the sandbox stays on (npm start's first run).
 */
let server: TestServer;
let access = "";
const base = () => server.baseUrl;

beforeAll(async () => {
  server = await startTestServer({ env: { ...oidcEnv(), APP_URL: "http://agents.example.com" } });
  access = (await signInWithOidc(undefined, base())).access;
});
afterAll(async () => {
  await server?.stop();
});

type Gql<T> = { data: T | null; errors?: { message: string; extensions: { code: string } }[] };

async function gql<T>(query: string, variables = {}, lang = "en"): Promise<Gql<T>> {
  const res = await fetch(`${base()}/api/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base(),
      authorization: `Bearer ${access}`,
      "accept-language": lang,
    },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBeLessThan(500);
  return (await res.json()) as Gql<T>;
}

describe("payments on a reachable production server without provider keys", () => {
  it.each([
    ["en", "payments are not set up on this site", "Payments not set up yet", "Choose Beginner"],
    ["vi", "trang này chưa thiết lập thanh toán", "Chưa thiết lập thanh toán", "Chọn gói Khởi đầu"],
  ])(
    "the %s pricing page says paid plans cannot be bought yet, with no checkout button",
    async (lang, note, button, choose) => {
      const res = await fetch(`${base()}/${lang}/pricing`);
      expect(res.status).toBe(200);
      const html = await res.text();
      // The notice as rendered (its text alone is also in the page's messages, shown or not).
      expect(new RegExp(`data-testid="payments-not-set-up"[^>]*>[^<]*${note}`).test(html), note).toBe(true);
      // Beginner and Starter are on sale: each shows the disabled notice instead of its checkout button.
      const disabled =
        html.match(new RegExp(`<button[^>]*\\sdisabled=""[^>]*>${button}</button>`, "g")) ?? [];
      expect(disabled.length).toBe(2);
      expect(html.includes(choose), choose).toBe(false);
    },
  );

  it("starts no checkout, in the owner's language, and offers no card form", async () => {
    const start = "mutation C($i: PaymentTokenInput!) { create_payment_token(input: $i) { token } }";
    for (const [lang, detail] of [
      ["en", "Paid plans cannot be bought here yet: payments are not set up on this site."],
      ["vi", "Chưa thể mua gói trả phí tại đây: trang này chưa thiết lập thanh toán."],
    ] as const) {
      const started = await gql(start, { i: { plan: "starter", cycle: "monthly", currency: "USD" } }, lang);
      expect(started.data).toBeNull();
      expect(started.errors?.[0]?.extensions.code).toBe("conflict");
      expect(started.errors?.[0]?.message).toBe(detail);
    }
    expect((await gql<{ card_entry: string }>("{ card_entry }")).data?.card_entry).toBe("unavailable");
  });

  it("says so once at start, for whoever runs the server", () => {
    expect(
      server.output().match(/No payment provider: paid plans say payments are not set up yet/g),
    ).toHaveLength(1);
  });

  it("has no sandbox routes: its checkout, clock and events answer 404", async () => {
    for (const [path, body] of [
      ["/api/v1/billing/sandbox/pay", { token: "pt_x", method: "bank_transfer" }],
      ["/api/v1/billing/sandbox/clock", { at: "2027-01-01T00:00:00Z" }],
      ["/api/v1/billing/webhooks/sandbox", {}],
    ] as const) {
      const res = await fetch(`${base()}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base(), authorization: `Bearer ${access}` },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message, path).toBe("not_found");
    }
  });
});
