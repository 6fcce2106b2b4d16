import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@/lib/config";
import type { JobQueue } from "@/lib/jobs/workers";
import { logger } from "@/lib/logger";
import { fileStore } from "@/lib/storage/store";
import { createBackup } from "./create";

const log = logger("backup");

export const BACKUP_QUEUE = "maintenance.backup";
/** Scheduled backups' names: sorting them by name sorts them by time. */
const NAME = /^agentcity-\d{8}T\d{6}Z\.backup\.tar$/;

export function scheduledName(at: Date): string {
  return `agentcity-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.backup.tar`;
}

/**
 * BACKUP_CRON's backups, taken by the process that works the jobs: on PGlite the server itself (it owns
 * the database, so it copies it directly); on Postgres any worker (pg_dump). pg-boss runs a schedule once
 * across all workers. Without BACKUP_CRON a schedule left by an earlier setting is removed.
 */
export function backupQueue(
  cfg: Pick<
    Config,
    | "BACKUP_CRON"
    | "BACKUP_DIR"
    | "BACKUP_KEEP"
    | "DATA_DIR"
    | "DATABASE_URL"
    | "FILE_STORE"
    | "SESSION_SECRET"
    | "CHANNEL_SECRET_KEY"
  >,
): JobQueue {
  return {
    name: BACKUP_QUEUE,
    ...(cfg.BACKUP_CRON ? { cron: cfg.BACKUP_CRON } : {}),
    // One attempt, no retry: a failed night is logged and the next one comes; a backup can take a while.
    options: { retryLimit: 0, expireInSeconds: 6 * 3600 },
    handler: async (database) => {
      if (!cfg.BACKUP_DIR) return null;
      const dir = path.resolve(cfg.BACKUP_DIR);
      await mkdir(dir, { recursive: true });
      const out = path.join(dir, scheduledName(new Date()));
      try {
        const result = await createBackup({ cfg, store: fileStore(), out, database });
        const removed = await keepNewest(dir, cfg.BACKUP_KEEP);
        log.info(`backup written: ${out} (${result.bytes} bytes); ${removed.length} older removed`);
        return { file: out, bytes: result.bytes, removed };
      } catch (err) {
        log.error(`scheduled backup failed: ${(err as Error).message}`);
        throw err;
      }
    },
    onStart: async (boss) => {
      if (!cfg.BACKUP_CRON) await boss.unschedule(BACKUP_QUEUE);
    },
  };
}

/** Removes all but the newest `keep` scheduled backups in `dir` (other files there are left alone). */
export async function keepNewest(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}
