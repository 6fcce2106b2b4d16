import "server-only";
import type { PgBoss } from "pg-boss";
import type { JobQueue } from "@/lib/jobs/workers";
import { logger } from "@/lib/logger";
import { expirePaymentTokens } from "./checkout";
import { processEvent, processPendingEvents } from "./events";
import { billingProviders } from "./providers";
import { runBilling } from "./renewals";
import { pollOpenTransfers } from "./transfers";

const log = logger("billing");

export const EVENTS_QUEUE = "billing.events";

/**
 * Queues the processing of one stored provider event. A lost send is harmless: `billing.sweep` processes
 * every stored event still unprocessed within a minute.
 */
export async function queueBillingEvent(boss: PgBoss, eventId: string): Promise<void> {
  try {
    await boss.send(EVENTS_QUEUE, { id: eventId }, { singletonKey: eventId });
  } catch (err) {
    log.error(`event ${eventId} not queued (the sweep will process it): ${(err as Error).message}`);
  }
}

/**
 * Billing's queues, in the process's list (lib/server/job-queues.ts). Every handler is idempotent, so pg-boss's
 * at-least-once delivery, a cron firing twice or a worker killed mid-run is harmless.
 */
export const billingQueues: ReadonlyArray<JobQueue> = [
  {
    // One stored provider event; the webhook route sends its id here after storing it.
    name: EVENTS_QUEUE,
    options: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    work: { pollingIntervalSeconds: 1 },
    // Events stored by a process that died before processing them: at once, not at the next sweep.
    onStart: async (_boss, db) => {
      const done = await processPendingEvents(db, billingProviders(db));
      if (done > 0) log.info(`processed ${done} billing event(s) left by a previous run`);
    },
    handler: async (database, data) => {
      const id = (data as { id?: unknown } | undefined)?.id;
      if (typeof id !== "string") return { skipped: true };
      return { processed: await processEvent(database.db, billingProviders(database.db), id) };
    },
  },
  {
    // Catches events whose job was lost (a crash between storing and queueing), checkouts left unpaid, and
    // transfers whose event never came (payOS links still waiting are read again).
    name: "billing.sweep",
    cron: "* * * * *",
    handler: async (database) => {
      const providers = billingProviders(database.db);
      const now = new Date();
      return {
        events: await processPendingEvents(database.db, providers, now),
        expiredTokens: await expirePaymentTokens(database.db, providers, now),
        transfers: await pollOpenTransfers(database.db, providers, now),
      };
    },
  },
  {
    // Upcoming invoices, renewals at the period's end and the retries of failed ones.
    name: "billing.renewals",
    cron: "*/10 * * * *",
    options: { retryLimit: 3, retryDelay: 60 },
    handler: async (database) => runBilling(database.db, billingProviders(database.db), new Date()),
  },
];
