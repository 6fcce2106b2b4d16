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
 * A mark to look for: `key` raised within the last `seconds`, or, with `atLeast`, a limit's row counted at
 * least that many times in its window of `seconds` (a budget used up, read without counting a hit on it).
 */
export type Mark = { key: string; seconds: number; atLeast?: number };

/**
 * Marks to look for, any of them raised. Read with limits (lib/limits/rate-limit.ts), `gateFrom` makes the
 * limits from that index on, and the write after them, count only when none is raised.
 */
export type FlagRead = { marks: Mark[]; gateFrom?: number };

/**
 * The rows of `n` marks raised, over placeholders flag0…, flagSeconds0… and flagAtLeast0… (see markValues):
 * anyFlagRaised reads it alone, the chat's limits in their own statement (lib/limits/rate-limit.ts).
 */
export function marksRaised(n: number) {
  const marks = Array.from(
    { length: n },
    (_, i) =>
      sql`(${sql.placeholder(`flag${i}`)}::text, ${sql.placeholder(`flagSeconds${i}`)}::float8, ${sql.placeholder(`flagAtLeast${i}`)}::int)`,
  );
  return sql`FROM rate_limits r JOIN (VALUES ${sql.join(marks, sql`, `)}) AS m (key, seconds, at_least)
    ON r.key = m.key
    WHERE r.window_start > now() - make_interval(secs => m.seconds) AND r.count >= m.at_least`;
}

/** The values of marksRaised's placeholders. */
export function markValues(flags: FlagRead): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  flags.marks.forEach((mark, i) => {
    values[`flag${i}`] = mark.key;
    values[`flagSeconds${i}`] = mark.seconds;
    values[`flagAtLeast${i}`] = mark.atLeast ?? 1;
  });
  return values;
}

/** Whether any of the marks is raised. */
export async function anyFlagRaised(db: Db, marks: Mark[]): Promise<boolean> {
  if (marks.length === 0) return false;
  // Prepared once per number of marks (lib/db/prepared.ts).
  const n = marks.length;
  const rows = rowsOf<{ n: number }>(
    await runPrepared(
      db,
      `flags_raised_${n}`,
      () => sql`SELECT count(*)::int AS n ${marksRaised(n)}`,
      markValues({ marks }),
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
