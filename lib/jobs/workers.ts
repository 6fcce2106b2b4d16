import "server-only";
import type { PgBoss } from "pg-boss";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import type { JobQueue } from "./types";

const log = logger("jobs");

/** Works every queue of `queues` in this process (their handlers run here). */
export async function registerWorkers(
  boss: PgBoss,
  database: Database,
  queues: ReadonlyArray<JobQueue>,
): Promise<void> {
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
