import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { checkStorage, type StorageHealth } from "@/lib/storage/health";
import { currentBuild } from "@/lib/version/build";
import { type Runtime, runtime } from "./runtime";

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
 * That happens on the database's own thread (lib/db/pglite-thread), so this thread is free to answer with
 * what it can know without queueing: the thread is up and the database open. It does so at once when
 * the thread is known to be busy, and past this wait when a probe asked on an idle thread has not come back.
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

const select1 = (database: Database) =>
  database.db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);

/** PGlite: the probe on its way, shared by the checks asked meanwhile so they do not queue behind each other. */
const probes = new WeakMap<Database, Promise<boolean>>();

export async function databaseAnswers(database: Database): Promise<boolean | "busy"> {
  const pglite = database.pglite;
  if (!pglite) return select1(database);
  let probe = probes.get(database);
  if (!probe) {
    // Statements are waiting on the thread already: a probe would queue behind them to learn no more.
    if (pglite.busy) return pglite.ready ? "busy" : false;
    probe = select1(database).finally(() => probes.delete(database));
    probes.set(database, probe);
  }
  const wait = new Promise<"busy">((resolve) =>
    setTimeout(() => resolve("busy"), PGLITE_PROBE_WAIT_MS).unref(),
  );
  const first = await Promise.race([probe, wait]);
  if (first !== "busy") return first;
  return pglite.ready ? "busy" : false;
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
