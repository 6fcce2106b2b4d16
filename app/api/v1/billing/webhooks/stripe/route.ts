import { isStripe, onlyProvider } from "@/lib/billing/providers";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { receiveWebhook } from "@/lib/server/billing";
import { route } from "@/lib/server/route";

/** Stripe's signed events (lib/billing/webhook.ts); 404 when Stripe is not configured. */
export const POST = route(contracts.stripeWebhook, async ({ req }) =>
  ok(await receiveWebhook(req, (providers, path) => onlyProvider(providers, isStripe, "stripe", path))),
);
