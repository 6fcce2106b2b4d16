import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/db-type";
import { rowsOf } from "@/lib/db/rows";

/**
 * A database's schema version is the last migration applied to it: drizzle records each one's journal
 * time (`when`) in drizzle.__drizzle_migrations.created_at. Times, not numbers, are compared: numbers may
 * be renumbered when branches merge, the time a migration was generated is not.
 */
export type SchemaVersion = {
  /** the last migration's journal time (ms); 0 for a database with none */
  when: number;
  /** its name (lib/db/migrations/<tag>.sql), or null when this code does not know it */
  tag: string | null;
  /** how many migrations are applied */
  count: number;
};

type Journal = { entries: { idx: number; when: number; tag: string }[] };

function journal(): Journal {
  const file = path.resolve(process.cwd(), "lib/db/migrations/meta/_journal.json");
  return JSON.parse(readFileSync(file, "utf8")) as Journal;
}

/** The newest schema this code knows: what its migrations bring a database to. */
export function codeSchemaVersion(): SchemaVersion {
  const entries = journal().entries;
  const last = entries.at(-1);
  return { when: last?.when ?? 0, tag: last?.tag ?? null, count: entries.length };
}

export function tagOf(when: number): string | null {
  return journal().entries.find((e) => e.when === when)?.tag ?? null;
}

/** What the database says it has applied (an empty database: nothing). */
export async function databaseSchemaVersion(db: Db): Promise<SchemaVersion> {
  const exists = rowsOf<{ t: string | null }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`),
  )[0]?.t;
  if (!exists) return { when: 0, tag: null, count: 0 };
  const row = rowsOf<{ last: string | null; n: number }>(
    await db.execute(
      sql`SELECT max(created_at)::text AS last, count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    ),
  )[0];
  const when = Number(row?.last ?? 0);
  return { when, tag: tagOf(when), count: Number(row?.n ?? 0) };
}
