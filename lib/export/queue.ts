import "server-only";
import type { PgBoss } from "pg-boss";
import type { JobQueue } from "@/lib/jobs/workers";
import { fileStore } from "@/lib/storage/store";
import { removeLapsedExports, runExport } from "./exports";

export const EXPORT_QUEUE = "workspace.export";
export const EXPORT_CLEANUP_QUEUE = "workspace.export.cleanup";

export async function sendExport(boss: PgBoss, exportId: string): Promise<void> {
  await boss.send(EXPORT_QUEUE, { exportId }, { singletonKey: exportId });
}

/**
 * Workspace exports: one attempt each (a failed export is marked failed; the owner starts another), an
 * hour before a lost job is handed back; and an hourly sweep of the ZIPs whose links have lapsed.
 */
export const exportQueues: JobQueue[] = [
  {
    name: EXPORT_QUEUE,
    options: { retryLimit: 0, expireInSeconds: 3600, notify: true },
    work: { localConcurrency: 1 },
    handler: async (database, data) => {
      const id = (data as { exportId?: unknown } | null)?.exportId;
      return typeof id === "string" ? runExport(database.db, fileStore(), id) : null;
    },
  },
  {
    name: EXPORT_CLEANUP_QUEUE,
    cron: "17 * * * *",
    options: { retryLimit: 0 },
    handler: async (database) => ({ removed: await removeLapsedExports(database.db, fileStore()) }),
  },
];
