import "server-only";
import { billingQueues } from "@/lib/billing/jobs";
import { ingestQueue } from "@/lib/ingest/queue";
import type { JobQueue } from "@/lib/jobs/types";
import { logger } from "@/lib/logger";
import { cleanUp } from "@/lib/maintenance/cleanup";

const log = logger("jobs");

/** The queues this build works: `npm run worker` and the in-process worker share this list. */
export const jobQueues: ReadonlyArray<JobQueue> = [
  {
    name: "maintenance.cleanup",
    cron: "17 * * * *",
    handler: async (database) => {
      const removed = await cleanUp(database.db);
      const total = Object.values(removed).reduce((a, b) => a + b, 0);
      if (total > 0) log.info(`cleanup removed ${JSON.stringify(removed)}`);
      return removed;
    },
  },
  ingestQueue,
  ...billingQueues,
];
