import { isStripe, onlyProvider } from "@/lib/billing/providers";
import { receiveWebhook } from "@/lib/billing/webhook";
import { contracts } from "@/lib/contracts";
import { ok } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

/** Stripe's signed events (lib/billing/webhook.ts); 404 when Stripe is not configured. */
export const POST = route(contracts.stripeWebhook, async ({ req }) =>
  ok(await receiveWebhook(req, (providers, path) => onlyProvider(providers, isStripe, "stripe", path))),
);
