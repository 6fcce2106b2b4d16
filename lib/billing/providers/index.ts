import "server-only";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { receiveEvent } from "../events";
import { type EventDelivery, SandboxProvider, sandboxSecret } from "./sandbox";
import { StripeProvider } from "./stripe";
import type { PaymentProvider } from "./types";

/**
 * The configured payment provider (BILLING_PROVIDER). The sandbox's events are stored through the same
 * verifying receiver the webhook route uses and processed by the `billing.events` job (`onStored` queues it;
 * without it the job's sweep finds the event); a test passes its own `deliver` to watch or reorder them.
 */
export function paymentProvider(
  db: Db,
  opts: { deliver?: EventDelivery; onStored?: (eventId: string) => Promise<void> } = {},
): PaymentProvider {
  const c = config();
  switch (c.BILLING_PROVIDER) {
    case "sandbox": {
      const sandbox: SandboxProvider = new SandboxProvider({
        db,
        secret: sandboxSecret(c.SESSION_SECRET),
        checkoutUrl: `${c.APP_URL}/{locale}/billing/checkout/{token}`,
        deliver:
          opts.deliver ??
          (async (raw, headers) => {
            const received = await receiveEvent(db, sandbox, raw, headers);
            if (!received.duplicate) await opts.onStored?.(received.id);
          }),
      });
      return sandbox;
    }
    case "stripe":
      // Config refuses to start with BILLING_PROVIDER=stripe and a key missing.
      return new StripeProvider({
        db,
        secretKey: c.STRIPE_SECRET_KEY!,
        webhookSecret: c.STRIPE_WEBHOOK_SECRET!,
        apiBase: c.STRIPE_API_BASE,
        // `card_setup=1`: the methods tab asks the provider for the cards once more on the way back.
        methodsUrl: `${c.APP_URL}/{locale}/billing?tab=methods&card_setup=1`,
      });
  }
}

export function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider instanceof SandboxProvider;
}

export function isStripe(provider: PaymentProvider): provider is StripeProvider {
  return provider instanceof StripeProvider;
}

/** Stripe's own routes answer 404 under another provider, as if they did not exist. */
export function stripeOnly(provider: PaymentProvider, path: string): StripeProvider {
  if (!isStripe(provider)) throw new ApiError("not_found", "route_not_found", { path });
  return provider;
}
