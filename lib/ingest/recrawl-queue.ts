import "server-only";
import type { PgBoss } from "pg-boss";
import type { JobQueue } from "@/lib/jobs/workers";
import { logger } from "@/lib/logger";
import { recrawlWebsite } from "./recrawl";
import { dueWebsites } from "./recrawl-state";

const log = logger("ingest");

export const RECRAWL_QUEUE = "ingest.recrawl";
export const RECRAWL_DUE_QUEUE = "ingest.recrawl-due";

/** One waiting re-crawl per website at most: a crawl-now during a scheduled pass is the same job. */
export async function sendRecrawl(boss: PgBoss, documentId: string): Promise<void> {
  await boss.send(RECRAWL_QUEUE, { documentId }, { singletonKey: documentId });
}

/** Every 15 minutes: the websites whose daily or weekly crawl is due go to the re-crawl queue. */
export const recrawlDueQueue = (
  send: (boss: PgBoss, id: string) => Promise<void> = sendRecrawl,
): JobQueue => {
  let boss: PgBoss | null = null;
  return {
    name: RECRAWL_DUE_QUEUE,
    cron: "*/15 * * * *",
    options: { policy: "singleton", expireInSeconds: 300 },
    onStart: async (b) => {
      boss = b;
    },
    handler: async (database) => {
      if (!boss) return { queued: 0 };
      const due = await dueWebsites(database.db, new Date());
      for (const id of due) await send(boss, id);
      if (due.length > 0) log.info(`queued ${due.length} website re-crawl(s)`);
      return { queued: due.length };
    },
  };
};

/** The re-crawls themselves, one at a time per process: a re-crawl is background work, never urgent. */
export const recrawlQueue: JobQueue = {
  name: RECRAWL_QUEUE,
  options: { policy: "short", retryLimit: 2, retryDelay: 30, expireInSeconds: 900, notify: true },
  work: { localConcurrency: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
  handler: async (database, data) => {
    const id = (data as { documentId?: string } | undefined)?.documentId;
    if (!id) return null;
    return recrawlWebsite(database.db, id);
  },
};
