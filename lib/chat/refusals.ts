import "server-only";
import { sql } from "drizzle-orm";
import type { RefusalReason, RefusedDay } from "@/lib/contracts/history";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { dayEnd, dayStart, localDay } from "./days";

/**
 * Refused public-chat messages (CHAT-8), counted per agent, hour and reason for the owner's insight. One
 * upsert per refusal: an attack costs a counter, never a row per request.
 */
export type { RefusalReason, RefusedDay } from "@/lib/contracts/history";

export async function recordRefusal(db: Db, agentId: string, reason: RefusalReason): Promise<void> {
  await db.execute(sql`
    INSERT INTO chat_refusals (agent_id, hour, reason, count)
    VALUES (${agentId}, date_trunc('hour', now()), ${reason}, 1)
    ON CONFLICT (agent_id, hour, reason) DO UPDATE SET count = chat_refusals.count + 1`);
}

/**
 * Refused messages per local day and reason; only days that have any. Counted by hour, so a time zone
 * with a half-hour offset files a refusal near midnight under the neighbouring day at worst.
 */
export async function refusalsPerDay(
  db: Db,
  agentId: string,
  from: string,
  to: string,
  tz: string,
): Promise<RefusedDay[]> {
  const rows = rowsOf<{ day: string; reason: RefusalReason; n: number }>(
    await db.execute(sql`
      select ${localDay(sql`hour`, tz)} as day, reason, sum(count)::int as n from chat_refusals
      where agent_id = ${agentId} and hour >= ${dayStart(from, tz)} and hour < ${dayEnd(to, tz)}
      group by 1, 2`),
  );
  const days = new Map<string, RefusedDay>();
  for (const r of rows) {
    const day = days.get(r.day) ?? { date: r.day, total: 0 };
    day[r.reason] = Number(r.n);
    day.total += Number(r.n);
    days.set(r.day, day);
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
