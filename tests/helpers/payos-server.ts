import { afterAll, beforeAll } from "vitest";
import { type PayosPeer, startPayosPeer } from "../peers/payos";
import { type SmtpPeer, startSmtpPeer } from "../peers/smtp";
import { type StripePeer, startStripePeer } from "../peers/stripe";
import { oidcEnv } from "./oidc-sign-in";
import { startTestServer, type TestServer } from "./server";

/**
 * A test file's own server with payOS configured, pointed at a fake payOS of its own (tests/peers/payos.ts)
 * whose webhooks go to that server; with `stripe`, a fake Stripe too (cards offered next to transfers).
 * PAYMENTS_SANDBOX stays on unless `sandbox: false`, for the sandbox's test clock (renewals by transfer).
 * Sign-in is through the shared OpenID Connect peer; mail goes to an SMTP peer of its own (`mailboxUrl`).
 */
export function payosWorld(opts: { stripe?: boolean; sandbox?: boolean } = {}): {
  peer: () => PayosPeer;
  stripe: () => StripePeer;
  base: () => string;
  server: () => TestServer;
  mailboxUrl: () => string;
} {
  let smtp: SmtpPeer | undefined;
  let peer: PayosPeer | undefined;
  let stripe: StripePeer | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    peer = await startPayosPeer();
    smtp = await startSmtpPeer();
    if (opts.stripe) stripe = await startStripePeer();
    server = await startTestServer({
      env: {
        ...oidcEnv(),
        SMTP_URL: smtp.smtpUrl,
        PAYOS_CLIENT_ID: peer.clientId,
        PAYOS_API_KEY: peer.apiKey,
        PAYOS_CHECKSUM_KEY: peer.checksumKey,
        PAYOS_API_BASE: peer.baseUrl,
        PAYMENTS_SANDBOX: opts.sandbox === false ? "false" : "true",
        ...(stripe
          ? {
              STRIPE_SECRET_KEY: "sk_test_agentcity",
              STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
              STRIPE_API_BASE: stripe.baseUrl,
            }
          : {}),
      },
    });
    peer.webhookUrl = `${server.baseUrl}/api/v1/billing/webhooks/payos`;
    if (stripe) stripe.webhookUrl = `${server.baseUrl}/api/v1/billing/webhooks/stripe`;
  });
  afterAll(async () => {
    await server?.stop();
    await peer?.stop();
    await stripe?.stop();
    await smtp?.stop();
  });
  return {
    peer: () => peer!,
    stripe: () => stripe!,
    base: () => server!.baseUrl,
    server: () => server!,
    mailboxUrl: () => smtp!.mailboxUrl,
  };
}
