import "server-only";
import type { JobQueue } from "@/lib/jobs/workers";
import { expirePaymentTokens } from "./checkout";
import { processEvent, processPendingEvents } from "./events";
import { paymentProvider } from "./providers";
import { runBilling } from "./renewals";

/**
 * Billing's queues, for lib/jobs/workers.ts's `queues` list. Not registered yet: they start with the routes
 * and pages of issue 15, after issue 14's restructuring. Every handler is idempotent, so pg-boss's
 * at-least-once delivery, a cron firing twice or a worker killed mid-run is harmless.
 */
export const billingQueues: ReadonlyArray<JobQueue> = [
  {
    // One stored provider event; the webhook route sends its id here after storing it.
    name: "billing.events",
    options: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    handler: async (database, data) => {
      const id = (data as { id?: unknown } | undefined)?.id;
      if (typeof id !== "string") return { skipped: true };
      return { processed: await processEvent(database.db, paymentProvider(database.db), id) };
    },
  },
  {
    // Catches events whose job was lost (a crash between storing and queueing) and checkouts left unpaid.
    name: "billing.sweep",
    cron: "* * * * *",
    handler: async (database) => {
      const provider = paymentProvider(database.db);
      return {
        events: await processPendingEvents(database.db, provider),
        expiredTokens: await expirePaymentTokens(database.db, provider),
      };
    },
  },
  {
    // Upcoming invoices, renewals at the period's end and the retries of failed ones.
    name: "billing.renewals",
    cron: "*/10 * * * *",
    options: { retryLimit: 3, retryDelay: 60 },
    handler: async (database) => runBilling(database.db, paymentProvider(database.db), new Date()),
  },
];
