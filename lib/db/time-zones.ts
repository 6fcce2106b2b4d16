import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { rowsOf } from "./rows";

const known = new Set<string>(["UTC"]);

/**
 * Whether a zone is an IANA name both the database (PGlite and Postgres ship the same names) and the
 * browsers' Intl know: history days are computed in SQL and times are shown by Intl, so both must agree.
 * Offsets ("+07:00") and abbreviations Intl cannot read are refused.
 */
export async function isKnownTimeZone(db: Db, zone: string): Promise<boolean> {
  if (known.has(zone)) return true;
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
  } catch {
    return false;
  }
  const rows = rowsOf(await db.execute(sql`select 1 from pg_timezone_names where name = ${zone} limit 1`));
  if (rows.length === 0) return false;
  known.add(zone);
  return true;
}
