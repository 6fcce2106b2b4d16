import { afterAll, describe, expect, inject, it } from "vitest";
import { signInWithOidc } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * BILL-3: a provider event survives a crash. A server of this file's own stores the event that a bank
 * transfer's funds arrived and is killed with SIGKILL before processing it; a new server on the same data
 * processes it on start: the subscription ends active, with one invoice and one charge.
 */
const peerEnv = () => ({
  AUTH_OIDC_ISSUER: inject("oidcIssuer"),
  AUTH_OIDC_ID: "agentcity-test",
  AUTH_OIDC_SECRET: "test-secret",
  AUTH_OIDC_NAME: "Test ID",
});

let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
});

async function sqlOn<T = Record<string, unknown>>(base: string, query: string, params: unknown[] = []) {
  const res = await fetch(`${base}/api/test/sql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, params }),
  });
  if (res.status !== 200) throw new Error(`sql hook answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T[] }).data;
}

async function call<T>(base: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

const SUBSCRIPTION = "{ subscription { status plan { id } } }";

describe("a crash between an event stored and processed", () => {
  it("is recovered on restart: active once, one invoice, one charge", async () => {
    server = await startTestServer({ env: peerEnv() });
    const first = server;
    const { access } = await signInWithOidc(undefined, first.baseUrl);
    const gql = <T>(base: string, query: string, variables = {}) =>
      call<{ data: T }>(base, access, "/api/graphql", { query, variables });

    const started = await gql<{ create_payment_token: { token: string } }>(
      first.baseUrl,
      "mutation C($i: PaymentTokenInput!) { create_payment_token(input: $i) { token } }",
      { i: { plan: "starter", cycle: "monthly" } },
    );
    const token = started.data.create_payment_token.token;
    const paid = await call<{ data: { status: string } }>(
      first.baseUrl,
      access,
      "/api/v1/billing/sandbox/pay",
      {
        token,
        method: "bank_transfer",
      },
    );
    expect(paid.data.status).toBe("verifying");
    const waitFor = async (base: string, want: string) => {
      const deadline = Date.now() + 30_000;
      let status = "";
      while (Date.now() < deadline) {
        const sub = await gql<{ subscription: { status: string } | null }>(base, SUBSCRIPTION);
        status = sub.data.subscription?.status ?? "";
        if (status === want) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      return status;
    };
    // The transfer's own event has been processed: what is left to do is only the stored event below.
    expect(await waitFor(first.baseUrl, "verifying")).toBe("verifying");
    const [{ ref, owner }] = (await sqlOn<{ ref: string; owner: string }>(
      first.baseUrl,
      "select provider_ref as ref, owner_id::text as owner from payment_tokens where status <> 'expired'",
    )) as [{ ref: string; owner: string }];

    // The funds arrive and the provider's event is stored, then the process dies before any job runs.
    await sqlOn(
      first.baseUrl,
      "update sandbox_payments set status = 'succeeded', settled_at = now() where ref = $1",
      [ref],
    );
    await sqlOn(
      first.baseUrl,
      `insert into billing_events (provider, event_id, type, payload)
       values ('sandbox', 'evt_crash', 'payment.updated', $1::jsonb)`,
      [JSON.stringify({ subject: { kind: "payment", ref }, customer: owner })],
    );
    await first.kill();

    server = await startTestServer({
      env: peerEnv(),
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    const second = server;
    expect(await waitFor(second.baseUrl, "active")).toBe("active");
    const counts = await sqlOn<{ invoices: number; charges: number; unprocessed: number }>(
      second.baseUrl,
      `select (select count(*)::int from invoices) as invoices,
              (select count(*)::int from sandbox_payments where status = 'succeeded') as charges,
              (select count(*)::int from billing_events where processed_at is null) as unprocessed`,
    );
    expect(counts[0]).toEqual({ invoices: 1, charges: 1, unprocessed: 0 });
  });
});
