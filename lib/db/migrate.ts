import "server-only";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, drizzleOverThread } from "./client";

/**
 * The session-level advisory lock every instance takes around migrating a Postgres database: instances
 * started at the same moment (a rolling deploy, `--scale web=2`) migrate one after the other; the later
 * ones find nothing left to do. The number is arbitrary, fixed: it names "AgentCity's migrations".
 */
export const MIGRATION_LOCK = 7_245_031_911;

/** Applies lib/db/migrations in order; the same SQL runs on PGlite and on Postgres. */
export async function migrate(database: Database): Promise<void> {
  const migrationsFolder = path.resolve(process.cwd(), "lib/db/migrations");
  // Each migrator wants its own driver's Drizzle: a plain one over the same connection.
  if (database.kind === "pglite") {
    // One process owns a PGlite folder (lib/db/lock.ts): nobody to wait for.
    await migratePglite(drizzleOverThread(database.pglite!), { migrationsFolder });
    return;
  }
  // One connection holds the lock and runs the migrations: a session lock belongs to its connection.
  const client = await database.pool!.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
