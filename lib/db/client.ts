import "server-only";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { logger } from "@/lib/logger";
import type { Db } from "./db-type";
import { lockDataDir } from "./lock";
import { PgliteThread } from "./pglite-thread/thread";
import * as schema from "./schema";
import { closePoolsWithSettings } from "./session-pools";

const log = logger("db");

export type { Db, RowsResultHKT } from "./db-type";

/** One open database: Drizzle plus the raw driver that pg-boss and health checks need. */
export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** set on PGlite: the database's own thread (pg-boss attaches to it through its own adapter) */
  pglite?: PgliteThread;
  /** set on Postgres */
  pool?: pg.Pool;
  /** where it lives, for messages: a folder or a redacted URL */
  location: string;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** how this process names itself to Postgres (lib/server/shared-disk.ts) */
  applicationName?: string;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
    });
    // A lost connection must not crash the process; the pool replaces it.
    pool.on("error", (err) => log.error(`idle client error: ${err.message}`));
    return {
      db: drizzlePg(pool, { schema }),
      kind: "postgres",
      pool,
      location: redact(opts.databaseUrl),
      close: async () => {
        await closePoolsWithSettings(pool);
        await pool.end();
      },
    };
  }
  const folder = path.join(opts.dataDir, "pglite");
  const release = lockDataDir(opts.dataDir);
  try {
    // The embedded database runs on a thread of its own, so a heavy statement never stalls the server.
    const thread = await PgliteThread.open(folder);
    return {
      db: drizzleOverThread(thread),
      kind: "pglite",
      pglite: thread,
      location: folder,
      close: async () => {
        await thread.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Drizzle's PGlite driver over the thread: it calls query (with drizzle's text-keeping parsers),
 * transaction and exec, which the thread offers with PGlite's own signatures and answers.
 */
export function drizzleOverThread(thread: PgliteThread) {
  return drizzlePglite(thread as unknown as PGlite, { schema });
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres://…";
  }
}
