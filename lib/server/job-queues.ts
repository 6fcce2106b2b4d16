import "server-only";
import { auditPurgeQueue } from "@/lib/audit/jobs";
import { backupQueue } from "@/lib/backup/schedule";
import { billingQueues } from "@/lib/billing/jobs";
import { channelQueues } from "@/lib/channels/jobs";
import type { Config } from "@/lib/config";
import { retentionQueue } from "@/lib/erase/retention";
import { exportQueues } from "@/lib/export/queue";
import { ingestQueue } from "@/lib/ingest/queue";
import { recrawlDueQueue, recrawlQueue } from "@/lib/ingest/recrawl-queue";
import type { JobQueue } from "@/lib/jobs/workers";
import { cleanupQueue } from "@/lib/maintenance/jobs";

/** The background queues this build knows; the web process and `npm run worker` share the list. */
export function jobQueues(cfg: Config): ReadonlyArray<JobQueue> {
  return [
    cleanupQueue,
    retentionQueue,
    auditPurgeQueue,
    ingestQueue(cfg.WORKER_CONCURRENCY),
    recrawlQueue,
    recrawlDueQueue(),
    ...billingQueues,
    ...channelQueues,
    backupQueue(cfg),
    ...exportQueues,
  ];
}
