import "server-only";
import { WEBHOOK_BODY_LIMIT } from "@/lib/contracts/billing";
import { readText } from "@/lib/http/respond";
import { runtime } from "@/lib/server/runtime";
import { billingCall } from "./api-errors";
import { receiveEvent } from "./events";
import { queueBillingEvent } from "./jobs";
import { billingProviders, type Providers } from "./providers";
import type { PaymentProvider } from "./providers/types";

/**
 * A provider's webhook, the same for every provider: the route's own provider (one not configured is
 * absent: `only` answers 404), the signature checked over the raw body, the event stored once per id and
 * its processing queued. The provider gets its answer before processing (providers retry slow deliveries).
 */
export async function receiveWebhook(
  req: Request,
  only: (providers: Providers, path: string) => PaymentProvider,
): Promise<{ received: true; duplicate: boolean }> {
  const rt = await runtime();
  const db = rt.database.db;
  const provider = only(billingProviders(db), new URL(req.url).pathname);
  const raw = await readText(req, WEBHOOK_BODY_LIMIT);
  const headers = Object.fromEntries(req.headers);
  const received = await billingCall(() => receiveEvent(db, provider, raw, headers));
  if (!received.duplicate) await queueBillingEvent(rt.jobs.boss, received.id);
  return { received: true, duplicate: received.duplicate };
}
