import "server-only";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "@/lib/logger";
import type { Db } from "./db-type";
import * as schema from "./schema";

/**
 * Statements that need a session setting of their own (a time budget, planner settings, an asynchronous
 * commit) go through small pools beside the database's pool, whose connections start with the settings
 * (`-c name=value` at connect): each statement is then one round trip, where a transaction with SET LOCAL
 * made it four (BEGIN, SET LOCAL, the statement, COMMIT). Every round trip costs the server a socket
 * write or two, the largest share of its CPU per answer (issue 18).
 *
 * One pool per distinct list of settings, half the main pool's size, a few at most per database: past
 * them, or when the URL sets `options` itself (which would replace ours), the caller gets null and uses
 * a transaction or the main pool instead.
 */
export type Settings = readonly (readonly [string, string])[];

const MAX_POOLS = 5;
const byPool = new WeakMap<pg.Pool, Map<string, { db: Db; pool: pg.Pool }>>();
const log = logger("db");

/** The node-postgres pool under a Db; null on PGlite and for a transaction (its statements stay in it). */
export function poolOf(db: Db): pg.Pool | null {
  const client = (db as Db & { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** A Db over `pool`'s database whose every connection starts with `settings`; null when none can be made. */
export function poolWithSettings(pool: pg.Pool, settings: Settings): Db | null {
  let pools = byPool.get(pool);
  if (!pools) {
    pools = new Map();
    byPool.set(pool, pools);
  }
  const key = settings.map(([k, v]) => `${k}=${v}`).join(" ");
  const known = pools.get(key);
  if (known) return known.db;
  const base = pool.options as pg.PoolConfig;
  if (pools.size >= MAX_POOLS || hasOptionsInUrl(base.connectionString)) return null;
  const side = new pg.Pool({
    ...base,
    max: Math.max(2, Math.ceil((base.max ?? 10) / 2)),
    options: [base.options, ...settings.map(([k, v]) => `-c ${k}=${v}`)].filter(Boolean).join(" "),
  });
  side.on("error", (err) => log.error(`idle client error (${key}): ${err.message}`));
  const db = drizzle(side, { schema }) as unknown as Db;
  pools.set(key, { db, pool: side });
  return db;
}

function hasOptionsInUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).searchParams.has("options");
  } catch {
    return true;
  }
}

/** Ends the pools made beside `pool` (when its database closes). */
export async function closePoolsWithSettings(pool: pg.Pool): Promise<void> {
  const pools = byPool.get(pool);
  byPool.delete(pool);
  if (pools) await Promise.all([...pools.values()].map((p) => p.pool.end()));
}
