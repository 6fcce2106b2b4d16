import "server-only";
import type { PgBoss, Queue as QueueOptions, WorkOptions } from "pg-boss";
import type { Database } from "@/lib/db/client";

/**
 * A queue and its handler. Each area defines its own (lib/ingest/queue.ts, lib/billing/jobs.ts); the
 * process's list is assembled in lib/server/job-queues.ts, which `npm run worker` and the in-process worker
 * share. `cron` makes a queue recurring.
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
