import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { ApiError } from "@/lib/http/errors";
import { metrics } from "@/lib/metrics/registry";

/**
 * `scope` names the limit in rate_limit_refusals_total without whom it counts; by default the key's
 * first segment (`chat-visitor` of `chat-visitor:<id>`).
 */
export type Limit = { key: string; max: number; windowSeconds: number; scope?: string };
export type LimitResult = { ok: boolean; count: number; retryAfter: number };

/**
 * Counts one hit against a fixed window, atomically in the database so every process shares the count.
 * A new window starts when the old one has passed.
 */
export async function hit(db: Db, limit: Limit): Promise<LimitResult> {
  const [result] = await hitInOrder(db, [limit]);
  return result!;
}

/** One window's upsert: a new window when the old one has passed. */
const counting = (windowSeconds: number) => sql`
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count,
      ceil(extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - now())))::int
        AS retry_after`;

/**
 * Counts a hit on each limit in order, in ONE statement (a chat message passes five of them), stopping at
 * the first one exceeded: the limits after it are not counted, so one visitor over their own limit does
 * not use up the address's or the agent's. Each limit's upsert is a CTE that runs only when every earlier
 * one's count is within its max. null for a limit not counted.
 */
export async function hitInOrder(db: Db, limits: Limit[]): Promise<(LimitResult | null)[]> {
  if (limits.length === 0) return [];
  // One statement cannot upsert the same row twice: a repeated key is counted on its own.
  if (new Set(limits.map((l) => l.key)).size < limits.length) {
    const results: (LimitResult | null)[] = [];
    for (const limit of limits) {
      if (results.some((r) => r && !r.ok)) results.push(null);
      else results.push((await hitInOrder(db, [limit]))[0]!);
    }
    return results;
  }
  const ctes = limits.map((limit, i) => {
    const earlier = limits
      .slice(0, i)
      .map((prev, j) => sql`(SELECT count FROM ${sql.raw(`l${j}`)}) <= ${prev.max}`);
    const source = earlier.length
      ? sql`SELECT ${limit.key}, now(), 1 WHERE ${sql.join(earlier, sql` AND `)}`
      : sql`VALUES (${limit.key}, now(), 1)`;
    return sql`${sql.raw(`l${i}`)} AS (
    INSERT INTO rate_limits (key, window_start, count) ${source}
    ${counting(limit.windowSeconds)})`;
  });
  const picks = limits.map(
    (_, i) => sql`SELECT ${sql.raw(String(i))} AS i, count, retry_after FROM ${sql.raw(`l${i}`)}`,
  );
  const rows = rowsOf<{ i: number; count: number; retry_after: number }>(
    await db.execute(sql`WITH ${sql.join(ctes, sql`, `)} ${sql.join(picks, sql` UNION ALL `)}`),
  );
  return limits.map((limit, i) => {
    const row = rows.find((r) => Number(r.i) === i);
    if (!row) return null;
    const count = Number(row.count);
    return { ok: count <= limit.max, count, retryAfter: Math.max(1, Number(row.retry_after)) };
  });
}

/** A limit as enforced: `detail` overrides the call's detail key, `onRefused` runs before the 429. */
export type EnforcedLimit = Limit & { detail?: string; onRefused?: () => Promise<void> };

/**
 * Counts a hit on every limit, in order; the first one exceeded answers 429 with Retry-After and its
 * translated reason (the wait as {seconds}, {minutes} and {hours}).
 */
export async function enforce(db: Db, limits: EnforcedLimit[], detailKey = "rate_limited"): Promise<void> {
  const results = await hitInOrder(db, limits);
  for (const [i, limit] of limits.entries()) {
    const r = results[i];
    if (!r || r.ok) continue;
    metrics().rateLimitRefusals.inc({ scope: limit.scope ?? limit.key.split(":")[0]! });
    await limit.onRefused?.();
    throw limitedError(limit.detail ?? detailKey, r.retryAfter);
  }
}

/** The 429 of a limit that allows another try in `retryAfter` seconds. */
export function limitedError(detailKey: string, retryAfter: number): ApiError {
  const values = {
    seconds: retryAfter,
    minutes: Math.ceil(retryAfter / 60),
    hours: Math.ceil(retryAfter / 3600),
  };
  return new ApiError("rate_limited", detailKey, values, undefined, { "Retry-After": String(retryAfter) });
}

/** Forgets a key (e.g. failed tries after a successful sign-in). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
