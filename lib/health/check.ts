import "server-only";
import { sql } from "drizzle-orm";
import { runtime } from "@/lib/server/runtime";
import { currentBuild } from "@/lib/version/build";

export type Health = {
  status: "ok" | "starting" | "error";
  database: { kind: "pglite" | "postgres" | null; ok: boolean; extensions: Record<string, boolean> | null };
  jobs: { ok: boolean; working: boolean | null };
  build: { buildId: string; builtAt: string };
};

const BOOT_WAIT_MS = 2_000;

/** Readiness: the database answers a query and the job system is running. */
export async function checkHealth(): Promise<Health> {
  const build = currentBuild();
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
      build,
    };
  }
  if (rt === "timeout") {
    return {
      status: "starting",
      database: { kind: null, ok: false, extensions: null },
      jobs: { ok: false, working: null },
      build,
    };
  }
  const dbOk = await rt.database.db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);
  const jobsOk = await rt.jobs.boss
    .isInstalled()
    .then(Boolean)
    .catch(() => false);
  return {
    status: dbOk && jobsOk ? "ok" : "error",
    database: { kind: rt.database.kind, ok: dbOk, extensions: rt.capabilities },
    jobs: { ok: jobsOk, working: rt.jobs.working },
    build,
  };
}
