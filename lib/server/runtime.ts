import "server-only";
import { serveSnapshots } from "@/lib/backup/snapshot-socket";
import { broadcaster } from "@/lib/cache/broadcast";
import { type Config, config } from "@/lib/config";
import { outsideRequest } from "@/lib/context/request-id";
import { type Capabilities, detectCapabilities } from "@/lib/db/capabilities";
import { type Database, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { type JobSystem, startJobSystem } from "@/lib/jobs/boss";
import { drain, openStreams } from "@/lib/lifecycle/drain";
import { logger } from "@/lib/logger";
import { startRedirectRefresh } from "@/lib/redirects/refresh";
import { indexStoredVectors } from "@/lib/retrieval/vector-index";
import { registerEmbedPolicyLookup } from "@/lib/widget/embed-policy";
import { jobQueues } from "./job-queues";
import { applicationName, refuseLocalFilesAcrossMachines } from "./shared-disk";

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
  // Normally booted by instrumentation.ts; when a request gets here first, its id stays out of the
  // runtime's timers and job pollers.
  g[KEY] ??= outsideRequest(boot);
  return g[KEY];
}

async function boot(): Promise<Runtime> {
  const cfg = config();
  const database = await openDatabase({
    databaseUrl: cfg.DATABASE_URL,
    dataDir: cfg.DATA_DIR,
    applicationName: applicationName(cfg.FILE_STORE),
  });
  if (database.pool) {
    // Before anything else holds a connection: a configuration that loses files is refused at once.
    await refuseLocalFilesAcrossMachines(database.pool, cfg.FILE_STORE).catch(async (err) => {
      await database.close();
      throw err;
    });
  }
  await migrate(database);
  const capabilities = await detectCapabilities(database.db);
  if (capabilities.vector) {
    const indexed = indexStoredVectors(database.db);
    // PGlite: before any request (the build would hold its one thread behind a visitor's search).
    if (database.kind === "pglite") await indexed;
    else void indexed;
  }
  const work = database.kind === "pglite" || cfg.WORKER_MODE === "inline";
  const jobs = await startJobSystem(database, { work, queues: jobQueues(cfg) });
  // npm run backup asks this process for a copy of the embedded database it owns (lib/backup).
  if (database.kind === "pglite") {
    await serveSnapshots(database, cfg.DATA_DIR).catch((err) =>
      log.warn(`backups while running are unavailable: ${(err as Error).message}`),
    );
  }
  startRedirectRefresh(database.db, cfg.REDIRECTS_REFRESH_SECONDS);
  registerEmbedPolicyLookup(async () => database.db);
  // Other instances' changes reach this process's caches (one process on PGlite: nobody to hear).
  if (database.pool) await broadcaster().start(database.pool);
  const missing = Object.entries(capabilities)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
  log.info(
    `${database.kind} at ${database.location}; jobs ${work ? "worked here" : "sent only"}` +
      (missing.length ? `; extensions missing: ${missing.join(", ")} (features that need them are off)` : ""),
  );
  const shutdown = async () => {
    // The HTTP server stops accepting in scripts/serve.ts; here the answers still being written finish
    // (or are ended after the grace period), then the jobs and the database.
    const open = openStreams();
    if (open > 0)
      log.info(`stopping: ${open} answer(s) still being written, up to ${cfg.SHUTDOWN_GRACE_SECONDS} s`);
    const drained = await drain(cfg.SHUTDOWN_GRACE_SECONDS * 1000);
    if (drained.cut > 0) log.warn(`stopping: ${drained.cut} answer(s) ended unfinished (stored as failed)`);
    await jobs.stop().catch(() => {});
    await broadcaster().stop();
    await database.close().catch(() => {});
  };
  process.once("SIGTERM", () => void shutdown().finally(() => process.exit(0)));
  process.once("SIGINT", () => void shutdown().finally(() => process.exit(0)));
  return { config: cfg, database, capabilities, jobs, startedAt: new Date() };
}

export async function db() {
  return (await runtime()).database.db;
}
