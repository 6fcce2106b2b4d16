import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { runPrepared } from "@/lib/db/prepared";
import { rowsOf } from "@/lib/db/rows";

/**
 * Time-boxed marks and one-time claims kept in the rate_limits table, so every process sees them and the
 * nightly cleanup (rows older than a day) forgets them. A mark is "raised now"; it holds for as long as the
 * reader asks (`seconds`), counted from the last time it was raised.
 */
export async function raiseFlag(db: Db, key: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET window_start = now(), count = rate_limits.count + 1`);
}

/**
 * Marks to look for: any of `keys` raised within the last `seconds`. Read with limits (lib/limits/rate-limit.ts),
 * `gateFrom` makes the limits from that index on, and the write after them, count only when none is raised.
 */
export type FlagRead = { keys: string[]; seconds: number; gateFrom?: number };

/**
 * The rows of `n` marks raised recently, over placeholders flag0… and flagSeconds (see markValues):
 * anyFlagRaised reads it alone, the chat's limits in their own statement (lib/limits/rate-limit.ts).
 */
export function marksRaised(n: number) {
  const keys = Array.from({ length: n }, (_, i) => sql`${sql.placeholder(`flag${i}`)}::text`);
  return sql`FROM rate_limits WHERE key IN (${sql.join(keys, sql`, `)})
    AND window_start > now() - make_interval(secs => ${sql.placeholder("flagSeconds")}::float8)`;
}

/** The values of marksRaised's placeholders. */
export function markValues(flags: FlagRead): Record<string, unknown> {
  const values: Record<string, unknown> = { flagSeconds: flags.seconds };
  flags.keys.forEach((key, i) => {
    values[`flag${i}`] = key;
  });
  return values;
}

/** Whether any of the keys was raised within the last `seconds`. */
export async function anyFlagRaised(db: Db, keys: string[], seconds: number): Promise<boolean> {
  if (keys.length === 0) return false;
  // Prepared once per number of keys (lib/db/prepared.ts).
  const n = keys.length;
  const rows = rowsOf<{ n: number }>(
    await runPrepared(
      db,
      `flags_raised_${n}`,
      () => sql`SELECT count(*)::int AS n ${marksRaised(n)}`,
      markValues({ keys, seconds }),
    ),
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * Claims a key once: true for the first caller, false for every later one (any process). For things that
 * may be used once, such as a solved challenge; keep them valid for less than a day, or the cleanup could
 * forget the claim while the thing is still good.
 */
export async function claimOnce(db: Db, key: string): Promise<boolean> {
  const rows = rowsOf<{ key: string }>(
    await db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO NOTHING RETURNING key`),
  );
  return rows.length === 1;
}
