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
  const rows = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${limit.key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count,
      ceil(extract(epoch FROM (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int
        AS retry_after`);
  const row = rowsOf<{ count: number; retry_after: number }>(rows)[0]!;
  const count = Number(row.count);
  return { ok: count <= limit.max, count, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/** A limit as enforced: `detail` overrides the call's detail key, `onRefused` runs before the 429. */
export type EnforcedLimit = Limit & { detail?: string; onRefused?: () => Promise<void> };

/**
 * Counts a hit on every limit, in order; the first one exceeded answers 429 with Retry-After and its
 * translated reason (the wait as {seconds}, {minutes} and {hours}).
 */
export async function enforce(db: Db, limits: EnforcedLimit[], detailKey = "rate_limited"): Promise<void> {
  for (const limit of limits) {
    const r = await hit(db, limit);
    if (r.ok) continue;
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
