import { afterAll, describe, expect, it } from "vitest";
import { oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import { startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";
import { startPayosPeer } from "../peers/payos";
import { startStripePeer } from "../peers/stripe";

/**
 * BILL-3: a provider event survives a crash. A server of this file's own stores the event that a bank
 * transfer's funds arrived and is killed with SIGKILL before processing it; a new server on the same data
 * processes it on start: the subscription ends active, with one invoice and one charge. The same for payOS
 * and Stripe, their events received through their webhooks.
 */
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
});

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
    server = await startTestServer({ env: oidcEnv() });
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
    const [{ ref, owner }] = (await sqlAt<{ ref: string; owner: string }>(
      first.baseUrl,
      "select provider_ref as ref, owner_id::text as owner from payment_tokens where status <> 'expired'",
    )) as [{ ref: string; owner: string }];

    // The funds arrive and the provider's event is stored, then the process dies before any job runs.
    await sqlAt(
      first.baseUrl,
      "update sandbox_payments set status = 'succeeded', settled_at = now() where ref = $1",
      [ref],
    );
    await sqlAt(
      first.baseUrl,
      `insert into billing_events (provider, event_id, type, payload)
       values ('sandbox', 'evt_crash', 'payment.updated', $1::jsonb)`,
      [JSON.stringify({ subject: { kind: "payment", ref }, customer: owner })],
    );
    await first.kill();

    server = await startTestServer({
      env: oidcEnv(),
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    const second = server;
    expect(await waitFor(second.baseUrl, "active")).toBe("active");
    const counts = await sqlAt<{ invoices: number; charges: number; unprocessed: number }>(
      second.baseUrl,
      `select (select count(*)::int from invoices) as invoices,
              (select count(*)::int from sandbox_payments where status = 'succeeded') as charges,
              (select count(*)::int from billing_events where processed_at is null) as unprocessed`,
    );
    expect(counts[0]).toEqual({ invoices: 1, charges: 1, unprocessed: 0 });
  });
});

/**
 * The same with real providers' fakes: the provider's signed event is received and stored through the
 * webhook while the provider cannot be asked (so processing fails and waits for a retry), then the server is
 * killed. A new server on the same data, with the provider back, processes the stored event on start.
 */
describe("a crash with a provider's event stored and not processed", () => {
  const startWith = async (
    env: Record<string, string>,
    webhookPath: string,
    setWebhook: (url: string) => void,
  ) => {
    // The server an earlier test left running stops first: a test owns one server at a time.
    await server?.stop();
    server = await startTestServer({ env: { ...oidcEnv(), ...env } });
    setWebhook(`${server.baseUrl}${webhookPath}`);
    return server;
  };
  const waitFor = async (base: string, access: string, want: string) => {
    const deadline = Date.now() + 30_000;
    let status = "";
    while (Date.now() < deadline) {
      const sub = await call<{ data: { subscription: { status: string } | null } }>(
        base,
        access,
        "/api/graphql",
        {
          query: SUBSCRIPTION,
        },
      );
      status = sub.data.subscription?.status ?? "";
      if (status === want) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    return status;
  };
  /** The event is stored and its processing failed while the provider was down: it waits for a retry. */
  const storedUnprocessed = async (base: string, eventId: string) => {
    const deadline = Date.now() + 20_000;
    let row: { last_error: string | null; processed_at: string | null } | undefined;
    while (Date.now() < deadline) {
      [row] = await sqlAt(base, "select last_error, processed_at from billing_events where event_id = $1", [
        eventId,
      ]);
      if (row?.last_error) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row).toMatchObject({ processed_at: null, last_error: expect.any(String) });
  };
  /** SIGKILL, the provider back, a new server on the same data: the stored event converges the plan. */
  const recovered = async (
    first: TestServer,
    env: Record<string, string>,
    access: string,
    eventId: string,
    providerUp: () => void,
  ) => {
    await first.kill();
    providerUp();
    const second = await startTestServer({
      env: { ...oidcEnv(), ...env },
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    server = second;
    expect(await waitFor(second.baseUrl, access, "active")).toBe("active");
    const [after] = await sqlAt<{ processed: boolean; invoices: number }>(
      second.baseUrl,
      `select (select processed_at is not null from billing_events where event_id = $1) as processed,
              (select count(*)::int from invoices where status = 'paid') as invoices`,
      [eventId],
    );
    expect(after).toEqual({ processed: true, invoices: 1 });
  };
  const createToken = async (base: string, access: string) =>
    (
      await call<{ data: { create_payment_token: { token: string; checkout_url: string } } }>(
        base,
        access,
        "/api/graphql",
        {
          query:
            "mutation C($i: PaymentTokenInput!) { create_payment_token(input: $i) { token checkout_url } }",
          variables: { i: { plan: "starter", cycle: "monthly" } },
        },
      )
    ).data.create_payment_token;

  it("payOS: the transfer's event converges after restart", async () => {
    const peer = await startPayosPeer();
    try {
      const env = {
        PAYOS_CLIENT_ID: peer.clientId,
        PAYOS_API_KEY: peer.apiKey,
        PAYOS_CHECKSUM_KEY: peer.checksumKey,
        PAYOS_API_BASE: peer.baseUrl,
      };
      const first = await startWith(env, "/api/v1/billing/webhooks/payos", (u) => {
        peer.webhookUrl = u;
      });
      const { access } = await signInWithOidc(undefined, first.baseUrl);
      await createToken(first.baseUrl, access);
      const [link] = await sqlAt<{ ref: string }>(first.baseUrl, "select ref from transfer_links");
      const data = peer.transfer(link!.ref, 499_000);
      peer.down = true;
      const sent = await peer.post(peer.signWebhook(data));
      expect(sent.status).toBe(200);
      const eventId = `${link!.ref}:${data.reference}`;
      // Stored; its processing failed while payOS was down and waits for a retry.
      await storedUnprocessed(first.baseUrl, eventId);
      expect(await waitFor(first.baseUrl, access, "")).toBe("");
      await recovered(first, env, access, eventId, () => {
        peer.down = false;
      });
    } finally {
      await server?.stop();
      server = undefined;
      await peer.stop();
    }
  });

  it("Stripe: the completed checkout's event converges after restart", async () => {
    const peer = await startStripePeer();
    try {
      const env = {
        STRIPE_SECRET_KEY: "sk_test_agentcity",
        STRIPE_WEBHOOK_SECRET: peer.webhookSecret,
        STRIPE_API_BASE: peer.baseUrl,
      };
      const first = await startWith(env, "/api/v1/billing/webhooks/stripe", (u) => {
        peer.webhookUrl = u;
      });
      const { access } = await signInWithOidc(undefined, first.baseUrl);
      const { checkout_url } = await createToken(first.baseUrl, access);
      const sessionId = checkout_url.split("/pay/")[1]!;
      const done = peer.completeSession(sessionId, "4242 4242 4242 4242");
      peer.down = true;
      const sent = await peer.sendEvent("checkout.session.completed", done.session);
      expect(sent.status).toBe(200);
      await storedUnprocessed(first.baseUrl, sent.id);
      await recovered(first, env, access, sent.id, () => {
        peer.down = false;
      });
    } finally {
      await server?.stop();
      server = undefined;
      await peer.stop();
    }
  });
});
