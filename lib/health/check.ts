import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { checkStorage, type StorageHealth } from "@/lib/health/storage";
import { type Runtime, runtime } from "@/lib/server/runtime";
import { currentBuild } from "@/lib/version/build";

export type Health = {
  status: "ok" | "starting" | "error";
  database: {
    kind: "pglite" | "postgres" | null;
    ok: boolean;
    /** PGlite only: the probe waited behind a running statement (the database's thread is up and open) */
    busy?: boolean;
    extensions: Record<string, boolean> | null;
  };
  jobs: { ok: boolean; working: boolean | null };
  /**
   * Where uploaded originals live and whether that store answers. Reported, not part of status: chat
   * answers without it, and a bucket's passing outage must not take every instance out of a load balancer.
   */
  storage: StorageHealth;
  build: { buildId: string; builtAt: string };
};

const BOOT_WAIT_MS = 2_000;
/**
 * PGlite runs one statement at a time for the whole process, so `select 1` queues behind whatever
 * statement or transaction is running (learning a large document writes for a few hundred milliseconds).
 * That happens on the database's own thread (lib/db/pglite-thread), so this thread is free to answer:
 * past this wait the probe reports what it can know without queueing, that the thread is up and the
 * database open.
 */
const PGLITE_PROBE_WAIT_MS = 100;

/** Readiness: the database answers a query and the job system is running; the file store is reported. */
export async function checkHealth(): Promise<Health> {
  const build = currentBuild();
  // Started first and apart from the database: the store does not need the runtime, and the two waits overlap.
  const storage = checkStorage();
  const timeout = new Promise<"timeout">((resolve) =>
    setTimeout(() => resolve("timeout"), BOOT_WAIT_MS).unref(),
  );
  let rt: Awaited<ReturnType<typeof runtime>> | "timeout";
  try {
    rt = await Promise.race([runtime(), timeout]);
  } catch {
    return {
      status: "error",
      database: { kind: null, ok: false, extensions: null },
      jobs: { ok: false, working: null },
      storage: await storage,
      build,
    };
  }
  if (rt === "timeout") {
    return {
      status: "starting",
      database: { kind: null, ok: false, extensions: null },
      jobs: { ok: false, working: null },
      storage: await storage,
      build,
    };
  }
  const [dbOk, jobsOk] = await Promise.all([databaseAnswers(rt.database), jobsInstalled(rt)]);
  return {
    status: dbOk !== false && jobsOk ? "ok" : "error",
    database: {
      kind: rt.database.kind,
      ok: dbOk !== false,
      ...(dbOk === "busy" ? { busy: true } : {}),
      extensions: rt.capabilities,
    },
    jobs: { ok: jobsOk, working: rt.jobs.working },
    storage: await storage,
    build,
  };
}

async function databaseAnswers(database: Database): Promise<boolean | "busy"> {
  const probe = database.db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);
  const pglite = database.pglite;
  if (!pglite) return probe;
  const wait = new Promise<"busy">((resolve) =>
    setTimeout(() => resolve("busy"), PGLITE_PROBE_WAIT_MS).unref(),
  );
  const first = await Promise.race([probe, wait]);
  if (first !== "busy") return first;
  return pglite.ready && !pglite.closed ? "busy" : false;
}

/** Once pg-boss's schema is installed it stays so; asked again only until it has answered yes. */
let installed = false;
async function jobsInstalled(rt: Runtime): Promise<boolean> {
  if (installed) return true;
  installed = await rt.jobs.boss
    .isInstalled()
    .then(Boolean)
    .catch(() => false);
  return installed;
}
