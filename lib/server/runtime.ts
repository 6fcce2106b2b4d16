import "server-only";
import { type Config, config } from "@/lib/config";
import { type Capabilities, detectCapabilities } from "@/lib/db/capabilities";
import { type Database, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { type JobSystem, startJobSystem } from "@/lib/jobs/boss";
import { logger } from "@/lib/logger";
import { startRedirectRefresh } from "@/lib/redirects/refresh";

const log = logger("agentcity");

/**
 * The server's long-lived parts: database, job system, caches. Created once per process by
 * instrumentation.ts; route handlers await `runtime()`.
 * Kept on globalThis because Next bundles instrumentation and routes separately.
 */
export type Runtime = {
  config: Config;
  database: Database;
  capabilities: Capabilities;
  jobs: JobSystem;
  startedAt: Date;
};

const KEY = Symbol.for("agentcity.runtime");
type Holder = { [KEY]?: Promise<Runtime> };

export function runtime(): Promise<Runtime> {
  const g = globalThis as Holder;
  g[KEY] ??= boot();
  return g[KEY];
}

async function boot(): Promise<Runtime> {
  const cfg = config();
  const database = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.DATA_DIR });
  await migrate(database);
  const capabilities = await detectCapabilities(database.db);
  const work = database.kind === "pglite" || cfg.WORKER_MODE === "inline";
  const jobs = await startJobSystem(database, { work });
  startRedirectRefresh(database.db, cfg.REDIRECTS_REFRESH_SECONDS);
  const missing = Object.entries(capabilities)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  log.info(
    `${database.kind} at ${database.location}; jobs ${work ? "worked here" : "sent only"}` +
      (missing.length ? `; extensions missing: ${missing.join(", ")} (features that need them are off)` : ""),
  );
  const shutdown = async () => {
    await jobs.stop().catch(() => {});
    await database.close().catch(() => {});
  };
  process.once("SIGTERM", () => void shutdown().finally(() => process.exit(0)));
  process.once("SIGINT", () => void shutdown().finally(() => process.exit(0)));
  return { config: cfg, database, capabilities, jobs, startedAt: new Date() };
}

export async function db() {
  return (await runtime()).database.db;
}
