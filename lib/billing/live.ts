import "server-only";
import type { Db } from "@/lib/db/client";
import { runtime } from "@/lib/server/runtime";
import { queueBillingEvent } from "./jobs";
import { billingProviders, type Providers } from "./providers";

/**
 * The database and the configured providers for a request: the providers' events are stored and their
 * processing queued on this process's job system, the path every provider's webhook takes.
 */
export async function liveBilling(): Promise<{ db: Db; providers: Providers }> {
  const rt = await runtime();
  const db = rt.database.db;
  const providers = billingProviders(db, { onStored: (id) => queueBillingEvent(rt.jobs.boss, id) });
  return { db, providers };
}
