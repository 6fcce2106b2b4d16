import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { asyncCommit } from "@/lib/db/async-commit";
import type { Db } from "@/lib/db/client";
import { runPrepared } from "@/lib/db/prepared";
import { rowsOf } from "@/lib/db/rows";
import { ApiError } from "@/lib/http/errors";
import { anyFlagRaised, type FlagRead, marksRaised, markValues } from "@/lib/limits/flags";
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

/**
 * Takes back one hit of `key` counted for a request that was then not let through: messages racing past a
 * watched limit's max together each counted a hit the limit's owner must not lose (lib/limits/chat.ts).
 */
export async function giveBackHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${key} AND count > 0`);
}

/** One window's upsert (the i-th limit's): a new window when the old one has passed. */
const counting = (i: number) => {
  const window = sql`make_interval(secs => ${sql.placeholder(`window${i}`)}::float8)`;
  return sql`
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${window}
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - ${window}
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count, ceil(extract(epoch FROM (window_start + ${window} - now())))::int AS retry_after`;
};

/**
 * A write that the limits' own statement makes only when every limit is within its max (the chat's
 * allowance, spent in the same round trip as the day limits): `cte(within)` is a data-modifying statement
 * gated by the condition `within` and returning one `count` column; `name` names the statement's shape
 * (short: Postgres tells prepared statements apart by their first 63 bytes, the limits' part included).
 */
export type AfterLimits = {
  name: string;
  cte: (within: SQL) => SQL;
  values: Record<string, unknown>;
  /**
   * A number the caller needs next, read by the same statement over the same values (a scalar subquery,
   * null when it finds nothing), whether or not the limits pass: its own round trip saved.
   */
  read?: SQL;
};

/** The condition "the first `n` limits were each counted and are within their max". */
const withinFirst = (n: number) =>
  Array.from(
    { length: n },
    (_, j) => sql`(SELECT count FROM ${sql.raw(`l${j}`)}) <= ${sql.placeholder(`max${j}`)}::int`,
  );

/**
 * The statement counting `n` limits in order: each limit's upsert is a CTE that runs only when every
 * earlier one's count is within its max, and, from `gateFrom` on, when none of the `flags` read marks is
 * raised. Keys, maxima and windows are its values, so it is prepared once per shape (lib/db/prepared.ts).
 */
function hitsInOrder(n: number, flags: number, after?: AfterLimits, gateFrom?: number) {
  const unmarked = sql`NOT EXISTS (SELECT 1 ${marksRaised(flags)})`;
  const conditions = (i: number) => [
    ...withinFirst(i),
    ...(flags > 0 && gateFrom !== undefined && i >= gateFrom ? [unmarked] : []),
  ];
  const ctes = Array.from({ length: n }, (_, i) => {
    const earlier = conditions(i);
    const key = sql`${sql.placeholder(`key${i}`)}::text`;
    const source = earlier.length
      ? sql`SELECT ${key}, now(), 1 WHERE ${sql.join(earlier, sql` AND `)}`
      : sql`VALUES (${key}, now(), 1)`;
    return sql`${sql.raw(`l${i}`)} AS (
    INSERT INTO rate_limits (key, window_start, count) ${source}
    ${counting(i)})`;
  });
  const picks = Array.from(
    { length: n },
    (_, i) => sql`SELECT ${sql.raw(String(i))} AS i, count, retry_after FROM ${sql.raw(`l${i}`)}`,
  );
  if (flags > 0) {
    // Marks (lib/limits/flags.ts) read by the same round trip, as row -1: a different key from every limit's.
    picks.push(sql`SELECT -1 AS i, count(*)::int AS count, 0 AS retry_after ${marksRaised(flags)}`);
  }
  if (after) {
    // Row -2: the write made when every limit passed (none when one was exceeded, or the write refused).
    ctes.push(sql`after_limits AS (${after.cte(sql.join(conditions(n), sql` AND `))})`);
    picks.push(sql`SELECT -2 AS i, count, 0 AS retry_after FROM after_limits`);
    // Row -3: what the caller asked to read along (bigint: the union's count column widens to it).
    if (after.read) picks.push(sql`SELECT -3 AS i, (${after.read})::bigint AS count, 0 AS retry_after`);
  }
  return sql`WITH ${sql.join(ctes, sql`, `)} ${sql.join(picks, sql` UNION ALL `)}`;
}

export type { FlagRead };

/**
 * Counts a hit on each limit in order, in ONE statement (a chat message passes five of them), stopping at
 * the first one exceeded: the limits after it are not counted, so one visitor over their own limit does
 * not use up the address's or the agent's. null for a limit not counted.
 */
export async function hitInOrder(db: Db, limits: Limit[]): Promise<(LimitResult | null)[]> {
  return (await countInOrder(db, limits)).results;
}

/** hitInOrder, and whether any of `flags`' marks is raised, read in the same statement. */
export async function countInOrder(
  db: Db,
  limits: Limit[],
  flags?: FlagRead,
  after?: AfterLimits,
): Promise<Counted> {
  if (limits.length === 0 || new Set(limits.map((l) => l.key)).size < limits.length) {
    if (after) throw new Error("a write after the limits needs distinct limits, at least one");
    // A key named twice is counted twice, one statement per limit (the combined one would upsert a row twice).
    const flagged = flags ? await anyFlagRaised(db, flags.marks) : false;
    const gated = flagged ? (flags?.gateFrom ?? limits.length) : limits.length;
    const results: (LimitResult | null)[] = [];
    for (const [i, limit] of limits.entries()) {
      if (i >= gated || results.some((r) => r && !r.ok)) results.push(null);
      else results.push((await hitInOrder(db, [limit]))[0]!);
    }
    return { results, flagged, after: null, read: null };
  }
  const values: Record<string, unknown> = {};
  limits.forEach((limit, i) => {
    values[`key${i}`] = limit.key;
    values[`max${i}`] = limit.max;
    values[`window${i}`] = limit.windowSeconds;
  });
  if (flags) Object.assign(values, markValues(flags));
  if (after) Object.assign(values, after.values);
  const n = limits.length;
  const f = flags?.marks.length ?? 0;
  const gateFrom = f > 0 ? flags?.gateFrom : undefined;
  const gate = gateFrom === undefined ? "" : `_gated_from_${gateFrom}`;
  const name = `rate_limit_hits_${n}_flags_${f}${gate}${after ? `_then_${after.name}` : ""}`;
  const rows = rowsOf<{ i: number; count: number; retry_after: number }>(
    await runPrepared(asyncCommit(db), name, () => hitsInOrder(n, f, after, gateFrom), values),
  );
  const results = limits.map((limit, i) => {
    const row = rows.find((r) => Number(r.i) === i);
    if (!row) return null;
    const count = Number(row.count);
    return { ok: count <= limit.max, count, retryAfter: Math.max(1, Number(row.retry_after)) };
  });
  const written = rows.find((r) => Number(r.i) === -2);
  const read = rows.find((r) => Number(r.i) === -3)?.count;
  return {
    results,
    flagged: rows.some((r) => Number(r.i) === -1 && Number(r.count) > 0),
    after: written ? Number(written.count) : null,
    read: read === null || read === undefined ? null : Number(read),
  };
}

/**
 * Each limit's count (null when not counted), whether a mark of the read flags is raised, the count the
 * write after the limits returned (null when it was not made or refused), and what it read along (null:
 * nothing found, or nothing asked).
 */
export type Counted = {
  results: (LimitResult | null)[];
  flagged: boolean;
  after: number | null;
  read: number | null;
};

/**
 * A limit as enforced: `detail` overrides the call's detail key, `onRefused` runs before the 429. A
 * `watch` limit refuses nothing: it is counted (last, after those it follows) for the caller to read.
 */
export type EnforcedLimit = Limit & { detail?: string; onRefused?: () => Promise<void>; watch?: boolean };

/**
 * Counts a hit on every limit, in order; the first one exceeded answers 429 with Retry-After and its
 * translated reason (the wait as {seconds}, {minutes} and {hours}). Answers the counts, and whether any
 * mark of `flags` is raised.
 */
export async function enforce(
  db: Db,
  limits: EnforcedLimit[],
  detailKey = "rate_limited",
  flags?: FlagRead,
  after?: AfterLimits,
): Promise<Counted> {
  const counted = await countInOrder(db, limits, flags, after);
  for (const [i, limit] of limits.entries()) {
    const r = counted.results[i];
    if (!r || r.ok || limit.watch) continue;
    metrics().rateLimitRefusals.inc({ scope: limit.scope ?? limit.key.split(":")[0]! });
    await limit.onRefused?.();
    throw limitedError(limit.detail ?? detailKey, r.retryAfter);
  }
  return counted;
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
