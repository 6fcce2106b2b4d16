import "server-only";
import type { PgBoss, Queue as QueueOptions, WorkOptions } from "pg-boss";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";

const log = logger("jobs");

/** How one set of workers fetches: how many at once, how often, which priorities, how many per group. */
export type WorkLane = Pick<
  WorkOptions,
  | "localConcurrency"
  | "pollingIntervalSeconds"
  | "notifyPollingIntervalSeconds"
  | "localGroupConcurrency"
  | "minPriority"
>;

/**
 * One background queue and its handler. The areas own theirs (ingestion, billing, maintenance); the
 * process's list is put together in lib/server/job-queues.ts, so this folder knows no domain.
 * `cron` makes a queue recurring.
 */
export type JobQueue = {
  name: string;
  cron?: string;
  /** created with the queue: retries, expiry, policy */
  options?: Omit<QueueOptions, "name">;
  /** how the workers fetch; a list starts one set of workers per entry, all on the same handler */
  work?: WorkLane | readonly WorkLane[];
  /** A throw fails this attempt: pg-boss runs the job again while `options.retryLimit` allows. */
  handler: (database: Database, data: unknown, job: { retryCount: number }) => Promise<unknown>;
  /** runs once when this process starts working the queue */
  onStart?: (boss: PgBoss, db: Database["db"]) => Promise<void>;
};

/**
 * After a job, pg-boss waits out what is left of the polling interval before the worker fetches again
 * (issue 42: two documents a second with two workers, whatever their size, the CPU mostly idle). A
 * notified worker skips that wait once: every worker of the set still holding a job (this one among them)
 * is told, so each fetches the next job the moment it is free. Idle ones are left alone: they are woken
 * by a NOTIFY of a new job (lib/jobs/boss.ts) or their next poll, and an empty fetch waits as before.
 */
function fetchAgainAtOnce(boss: PgBoss, workId: string): void {
  for (const w of boss.getWipData()) if (w.workId === workId && w.count > 0) boss.notifyWorker(w.id);
}

export async function registerWorkers(
  boss: PgBoss,
  database: Database,
  queues: ReadonlyArray<JobQueue>,
): Promise<void> {
  for (const q of queues) {
    await boss.createQueue(q.name, q.options);
    // createQueue leaves an existing queue as it was: a queue made before it asked to be woken is told now.
    if (q.options?.notify) {
      const existing = await boss.getQueue(q.name);
      if (existing && !existing.notify) await boss.updateQueue(q.name, { notify: true });
    }
    if (q.cron) await boss.schedule(q.name, q.cron);
    const lanes: readonly WorkLane[] = Array.isArray(q.work) ? q.work : [q.work ?? {}];
    for (const lane of lanes) {
      let workId: string | undefined;
      workId = await boss.work(q.name, { ...lane }, async ([job]) => {
        try {
          return await q.handler(database, job?.data, { retryCount: job?.retryCount ?? 0 });
        } finally {
          if (workId) fetchAgainAtOnce(boss, workId);
        }
      });
    }
    await q.onStart?.(boss, database.db).catch((err) => log.error(`${q.name} start:`, err));
  }
}
