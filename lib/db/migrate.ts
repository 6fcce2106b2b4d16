import "server-only";
import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

/** Applies lib/db/migrations in order; the same SQL runs on PGlite and on Postgres. */
export async function migrate(database: Database): Promise<void> {
  const migrationsFolder = path.resolve(process.cwd(), "lib/db/migrations");
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(database.db, { migrationsFolder });
  }
}
