import "server-only";
import type { Db } from "@/lib/db/client";
import { runtime } from "@/lib/server/runtime";
import { queueBillingEvent } from "./jobs";
import { paymentProvider } from "./providers";
import type { PaymentProvider } from "./providers/types";

/**
 * The database and the configured provider for a request: the provider's events are stored and their
 * processing queued on this process's job system, the path every provider's webhook takes.
 */
export async function liveBilling(): Promise<{ db: Db; provider: PaymentProvider }> {
  const rt = await runtime();
  const db = rt.database.db;
  const provider = paymentProvider(db, { onStored: (id) => queueBillingEvent(rt.jobs.boss, id) });
  return { db, provider };
}
