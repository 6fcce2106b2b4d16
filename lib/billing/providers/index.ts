import "server-only";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { receiveEvent } from "../events";
import { type Providers, providerChoice } from "./choice";
import { PayosProvider } from "./payos";
import { type EventDelivery, SandboxProvider, sandboxSecret } from "./sandbox";
import { StripeProvider } from "./stripe";
import type { PaymentProvider } from "./types";

export {
  asProviders,
  type PayMethod,
  type ProviderSet,
  type Providers,
  payMethods,
  providerChoice,
} from "./choice";

export type ProviderOptions = { deliver?: EventDelivery; onStored?: (eventId: string) => Promise<void> };

/**
 * The sandbox's events are stored through the same verifying receiver the webhook route uses and processed
 * by the `billing.events` job (`onStored` queues it; without it the job's sweep finds the event); a test
 * passes its own `deliver` to watch or reorder them.
 */
export function billingProviders(db: Db, opts: ProviderOptions = {}): Providers {
  const c = config();
  const all: PaymentProvider[] = [];
  for (const id of c.PAYMENT_PROVIDERS) {
    switch (id) {
      case "stripe":
        all.push(
          new StripeProvider({
            db,
            // Config refuses to start with one Stripe key and not the other.
            secretKey: c.STRIPE_SECRET_KEY!,
            webhookSecret: c.STRIPE_WEBHOOK_SECRET!,
            apiBase: c.STRIPE_API_BASE,
            // `card_setup=1`: the methods tab asks the provider for the cards once more on the way back.
            methodsUrl: `${c.APP_URL}/{locale}/billing?tab=methods&card_setup=1`,
          }),
        );
        break;
      case "payos":
        all.push(
          new PayosProvider({
            db,
            clientId: c.PAYOS_CLIENT_ID!,
            apiKey: c.PAYOS_API_KEY!,
            checksumKey: c.PAYOS_CHECKSUM_KEY!,
            apiBase: c.PAYOS_API_BASE,
            checkoutUrl: `${c.APP_URL}/{locale}/billing/checkout/{token}`,
          }),
        );
        break;
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
        all.push(sandbox);
        break;
      }
    }
  }
  return providerChoice(all);
}

export function isSandbox(provider: PaymentProvider | null | undefined): provider is SandboxProvider {
  return provider instanceof SandboxProvider;
}

export function isStripe(provider: PaymentProvider | null | undefined): provider is StripeProvider {
  return provider instanceof StripeProvider;
}

export function isPayos(provider: PaymentProvider | null | undefined): provider is PayosProvider {
  return provider instanceof PayosProvider;
}

/** A provider's own routes answer 404 when it is not configured, as if they did not exist. */
export function onlyProvider<P extends PaymentProvider>(
  providers: Providers,
  is: (p: PaymentProvider | undefined) => p is P,
  id: string,
  path: string,
): P {
  const provider = providers.byId(id);
  if (!is(provider)) throw new ApiError("not_found", "route_not_found", { path });
  return provider;
}
