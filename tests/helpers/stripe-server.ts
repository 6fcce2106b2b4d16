import { afterAll, beforeAll } from "vitest";
import { type StripePeer, startStripePeer } from "../peers/stripe";
import { oidcEnv } from "./oidc-sign-in";
import { startTestServer, type TestServer } from "./server";

/**
 * A test file's own server with Stripe configured, pointed at a fake Stripe of its own
 * (tests/peers/stripe.ts) whose events go to that server's webhook; started before the file's tests and
 * stopped after. Sign-in is through the shared OpenID Connect peer.
 */
export function stripeWorld(): { peer: () => StripePeer; base: () => string } {
  let peer: StripePeer | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    peer = await startStripePeer();
    server = await startTestServer({
      env: {
        ...oidcEnv(),
        STRIPE_SECRET_KEY: "sk_test_agentcity",
        STRIPE_WEBHOOK_SECRET: peer.webhookSecret,
        STRIPE_API_BASE: peer.baseUrl,
      },
    });
    peer.webhookUrl = `${server.baseUrl}/api/v1/billing/webhooks/stripe`;
  });
  afterAll(async () => {
    await server?.stop();
    await peer?.stop();
  });
  return { peer: () => peer!, base: () => server!.baseUrl };
}
