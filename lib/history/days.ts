import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { isKnownTimeZone } from "@/lib/db/time-zones";
import { ApiError } from "@/lib/http/errors";

/**
 * Calendar days in the owner's time zone (HIST-2): a day is the span between two local midnights,
 * computed by the database so daylight-saving days are 23 or 25 hours as they should be.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_RANGE_DAYS = 400;
/**
 * The zone a history request asked for; without one, the owner's saved zone (set from their browser at
 * first sign-in), else UTC. An unknown zone is 422.
 */
export async function timeZone(db: Db, tz: string | null, ownerZone?: string | null): Promise<string> {
  const zone = tz?.trim() || ownerZone || "UTC";
  if (await isKnownTimeZone(db, zone)) return zone;
  throw new ApiError("validation_failed", "history_tz_invalid");
}

/** A YYYY-MM-DD that is a real date, or 422. */
export function calendarDate(value: string | null, required = true): string | null {
  if (!value) {
    if (required) throw new ApiError("validation_failed", "history_date_invalid");
    return null;
  }
  const d = new Date(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw new ApiError("validation_failed", "history_date_invalid");
  }
  return value;
}

export function dateRange(from: string | null, to: string | null): { from: string; to: string } {
  const a = calendarDate(from)!;
  const b = calendarDate(to)!;
  const days = (Date.parse(b) - Date.parse(a)) / 86_400_000;
  if (days < 0 || days > MAX_RANGE_DAYS) throw new ApiError("validation_failed", "history_range_invalid");
  return { from: a, to: b };
}

/** SQL for the instant a local day starts in a zone. */
export const dayStart = (date: string, tz: string) => sql`((${date}::date)::timestamp at time zone ${tz})`;
/** SQL for the instant after a local day (the next day's start). */
export const dayEnd = (date: string, tz: string) => sql`((${date}::date + 1)::timestamp at time zone ${tz})`;
/** SQL for the local calendar day of a timestamp column, as YYYY-MM-DD. */
export const localDay = (column: unknown, tz: string) =>
  sql`to_char((${column} at time zone ${tz})::date, 'YYYY-MM-DD')`;

/** Every day from `from` to `to`, inclusive. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

export { isoInZone } from "@/lib/shared/zoned-iso";
