import "server-only";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

/** Applies lib/db/migrations in order; the same SQL runs on PGlite and on Postgres. */
export async function migrate(database: Database): Promise<void> {
  const migrationsFolder = path.resolve(process.cwd(), "lib/db/migrations");
  // Each migrator wants its own driver's Drizzle: a plain one over the same connection.
  if (database.kind === "pglite") {
    await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder });
  } else {
    await migratePg(drizzlePg(database.pool!), { migrationsFolder });
  }
}
