import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

export type Capabilities = { vector: boolean; unaccent: boolean; pgTrgm: boolean };

/** What the migrations could create here; features degrade on what is missing (e.g. no vectors). */
export async function detectCapabilities(db: Db): Promise<Capabilities> {
  const rows = await db.execute<{ extname: string }>(
    sql`select extname from pg_extension where extname in ('vector', 'unaccent', 'pg_trgm')`,
  );
  const names = new Set(rows.rows.map((r) => r.extname));
  return { vector: names.has("vector"), unaccent: names.has("unaccent"), pgTrgm: names.has("pg_trgm") };
}
