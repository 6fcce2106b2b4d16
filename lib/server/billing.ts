import "server-only";
import { billingCall } from "@/lib/billing/api-errors";
import { receiveEvent } from "@/lib/billing/events";
import { queueBillingEvent } from "@/lib/billing/jobs";
import { billingProviders, type Providers } from "@/lib/billing/providers";
import type { PaymentProvider } from "@/lib/billing/providers/types";
import { WEBHOOK_BODY_LIMIT } from "@/lib/contracts/billing";
import type { Db } from "@/lib/db/client";
import { readText } from "@/lib/http/respond";
import { runtime } from "./runtime";

/**
 * Billing wired to this process, in one place: the configured providers, whose events are stored and
 * whose processing is queued on this process's job system (the path every provider's webhook takes).
 */
export async function liveBilling(): Promise<LiveBilling> {
  const rt = await runtime();
  const db = rt.database.db;
  // One set per process, as the runtime is: providers hold their SDK clients.
  const g = globalThis as { [KEY]?: { db: Db; providers: Providers } };
  if (g[KEY]?.db !== db) {
    g[KEY] = {
      db,
      providers: billingProviders(db, { onStored: (id) => queueBillingEvent(rt.jobs.boss, id) }),
    };
  }
  return g[KEY];
}

export type LiveBilling = { db: Db; providers: Providers };
const KEY = Symbol.for("agentcity.live-billing");

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
