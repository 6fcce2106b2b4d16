import { billingCall } from "@/lib/billing/api-errors";
import { receiveEvent } from "@/lib/billing/events";
import { queueBillingEvent } from "@/lib/billing/jobs";
import { paymentProvider, stripeOnly } from "@/lib/billing/providers";
import { contracts } from "@/lib/contracts";
import { WEBHOOK_BODY_LIMIT } from "@/lib/contracts/billing";
import { ok, readText } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { runtime } from "@/lib/server/runtime";

/**
 * Stripe's events: the signature is checked over the raw body, the event stored once per id and its
 * processing queued; Stripe gets its answer before processing (it retries slow or failed deliveries).
 */
export const POST = route(contracts.stripeWebhook, async ({ req }) => {
  const rt = await runtime();
  const db = rt.database.db;
  const provider = stripeOnly(paymentProvider(db));
  const raw = await readText(req, WEBHOOK_BODY_LIMIT);
  const headers = Object.fromEntries(req.headers);
  const received = await billingCall(() => receiveEvent(db, provider, raw, headers));
  if (!received.duplicate) await queueBillingEvent(rt.jobs.boss, received.id);
  return ok({ received: true, duplicate: received.duplicate });
});
