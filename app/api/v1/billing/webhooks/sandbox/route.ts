import { billingCall } from "@/lib/billing/api-errors";
import { receiveEvent } from "@/lib/billing/events";
import { queueBillingEvent } from "@/lib/billing/jobs";
import { paymentProvider } from "@/lib/billing/providers";
import { sandboxOnly } from "@/lib/billing/sandbox-steps";
import { contracts } from "@/lib/contracts";
import { WEBHOOK_BODY_LIMIT } from "@/lib/contracts/billing";
import { ok, readText } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { runtime } from "@/lib/server/runtime";

/**
 * The sandbox provider's events (BILL-3): the signature is checked over the raw body, the event stored once
 * per id and its processing queued; the answer comes before processing, as providers expect.
 */
export const POST = route(contracts.sandboxWebhook, async ({ req }) => {
  const rt = await runtime();
  const db = rt.database.db;
  const provider = sandboxOnly(paymentProvider(db));
  const raw = await readText(req, WEBHOOK_BODY_LIMIT);
  const headers = Object.fromEntries(req.headers);
  const received = await billingCall(() => receiveEvent(db, provider, raw, headers));
  if (!received.duplicate) await queueBillingEvent(rt.jobs.boss, received.id);
  return ok({ received: true, duplicate: received.duplicate });
});
