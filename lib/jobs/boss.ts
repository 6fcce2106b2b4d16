import "server-only";
import { fromPglite, PgBoss } from "pg-boss";
import type { Database } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { watchQueueDepths } from "@/lib/metrics/registry";
import { type JobQueue, registerWorkers } from "./workers";

const log = logger("jobs");

export type JobSystem = {
  boss: PgBoss;
  /** true when this process also runs the handlers (always on PGlite; on Postgres unless WORKER_MODE=separate) */
  working: boolean;
  stop(): Promise<void>;
};

/**
 * pg-boss on the same database as the app: jobs are rows, so they survive a restart.
 * On PGlite it goes through pg-boss's own adapter (one connection, one owner process).
 */
export async function startJobSystem(
  database: Database,
  opts: { work: boolean; queues: ReadonlyArray<JobQueue> },
): Promise<JobSystem> {
  // A working process listens for new jobs (queues with `notify`) instead of finding them on its next poll:
  // in-process on PGlite, one held connection on Postgres, so a separate worker hears the web's sends too.
  // Polling stays as the floor (a lost listener, a retry coming due).
  const listen = { useListenNotify: opts.work };
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: "pglite", schema: "pgboss", ...listen })
      : new PgBoss({
          connectionString: database.pool!.options.connectionString,
          max: 4,
          schema: "pgboss",
          ...listen,
        });
  boss.on("error", (err: Error) => log.error(err.message));
  await boss.start();
  if (opts.work) await registerWorkers(boss, database, opts.queues);
  // queue_depth, read on each scrape. This pg-boss has no getQueueSize: it keeps per-queue counts itself,
  // refreshed on its monitor pass (every 60 s), so a scrape costs one small query, never a count of jobs.
  watchQueueDepths(async () => {
    const found = await boss.getQueues(opts.queues.map((q) => q.name));
    return Object.fromEntries(found.map((q) => [q.name, q.queuedCount]));
  });
  return {
    boss,
    working: opts.work,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
