import "server-only";
import type { JobQueue } from "@/lib/jobs/workers";
import { logger } from "@/lib/logger";
import { cleanUp } from "./cleanup";

const log = logger("jobs");

/** Hourly: the sign-in tables' rows that can no longer be used. */
export const cleanupQueue: JobQueue = {
  name: "maintenance.cleanup",
  cron: "17 * * * *",
  handler: async (database) => {
    const removed = await cleanUp(database.db);
    const total = Object.values(removed).reduce((a, b) => a + b, 0);
    if (total > 0) log.info(`cleanup removed ${JSON.stringify(removed)}`);
    return removed;
  },
};
