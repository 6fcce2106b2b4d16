import "server-only";
import type { PgBoss, Queue as QueueOptions, WorkOptions } from "pg-boss";
import { billingQueues } from "@/lib/billing/jobs";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { ingestQueue } from "@/lib/ingest/queue";
import { logger } from "@/lib/logger";
import { cleanUp } from "@/lib/maintenance/cleanup";

const log = logger("jobs");

/**
 * The job handlers this build knows. Each area adds its queue here (ingestion, crawling, …);
 * `npm run worker` and the in-process worker share this list. `cron` makes a queue recurring.
 */
export type JobQueue = {
  name: string;
  cron?: string;
  /** created with the queue: retries, expiry, policy */
  options?: Omit<QueueOptions, "name">;
  /** how the worker fetches: concurrency, polling */
  work?: Pick<WorkOptions, "localConcurrency" | "pollingIntervalSeconds">;
  /** the heavy queue whose concurrency is WORKER_CONCURRENCY (learning documents) */
  scalable?: boolean;
  /** A throw fails this attempt: pg-boss runs the job again while `options.retryLimit` allows. */
  handler: (database: Database, data: unknown, job: { retryCount: number }) => Promise<unknown>;
  /** runs once when this process starts working the queue */
  onStart?: (boss: PgBoss, db: Database["db"]) => Promise<void>;
};

export const queues: ReadonlyArray<JobQueue> = [
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

export async function registerWorkers(boss: PgBoss, database: Database): Promise<void> {
  const concurrency = config().WORKER_CONCURRENCY;
  for (const q of queues) {
    await boss.createQueue(q.name, q.options);
    if (q.cron) await boss.schedule(q.name, q.cron);
    const work = q.scalable ? { ...q.work, localConcurrency: concurrency } : { ...q.work };
    await boss.work(q.name, work, async ([job]) =>
      q.handler(database, job?.data, { retryCount: job?.retryCount ?? 0 }),
    );
    await q.onStart?.(boss, database.db).catch((err) => log.error(`${q.name} start:`, err));
  }
}
