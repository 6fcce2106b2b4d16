import "server-only";
import type { Db } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/workers";
import { logger } from "@/lib/logger";
import { purgeAuditBefore } from "./queries";

const log = logger("jobs");

/** How long the audit log keeps an event (issue 45). */
export const AUDIT_KEEP_DAYS = 365;

export async function purgeAudit(db: Db, now = new Date()): Promise<number> {
  return purgeAuditBefore(db, new Date(now.getTime() - AUDIT_KEEP_DAYS * 24 * 60 * 60 * 1000));
}

/** Daily: the audit events older than 365 days. */
export const auditPurgeQueue: JobQueue = {
  name: "audit.purge",
  cron: "43 3 * * *",
  handler: async (database) => {
    const removed = await purgeAudit(database.db);
    if (removed > 0) log.info(`audit purge removed ${removed} events`);
    return { removed };
  },
};
