import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/**
 * Writes a PGlite data folder from its tar (dumpDataDir's) into an empty `folder`, then brings it to this
 * code's schema. Opened directly, not on the server's thread: the caller holds the folder's lock. The
 * extensions are the server's (lib/db/pglite-thread/worker.ts): the data uses them.
 */
export async function loadPgliteFolder(folder: string, tar: Blob): Promise<void> {
  const db = await PGlite.create(folder, { loadDataDir: tar, extensions: { vector, unaccent, pg_trgm } });
  try {
    await migrate(drizzle(db), { migrationsFolder: path.resolve(process.cwd(), "lib/db/migrations") });
  } finally {
    await db.close();
  }
}
