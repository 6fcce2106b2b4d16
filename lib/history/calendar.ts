import "server-only";
import { sql } from "drizzle-orm";
import type { DayCount } from "@/lib/contracts/history";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { dayEnd, dayStart, localDay } from "./days";

export type { DayCount };

/** Conversations started and messages written per local day; only days that have any. */
export async function countsPerDay(db: Db, agentId: string, from: string, to: string, tz: string) {
  const [started, written] = await Promise.all([
    db.execute(sql`
      select ${localDay(sql`inserted_at`, tz)} as day, count(*)::int as n from conversations
      where agent_id = ${agentId} and inserted_at >= ${dayStart(from, tz)} and inserted_at < ${dayEnd(to, tz)}
      group by 1`),
    db.execute(sql`
      select ${localDay(sql`inserted_at`, tz)} as day, count(*)::int as n from messages
      where agent_id = ${agentId} and inserted_at >= ${dayStart(from, tz)} and inserted_at < ${dayEnd(to, tz)}
      group by 1`),
  ]);
  const days = new Map<string, DayCount>();
  const at = (date: string) => {
    const found = days.get(date);
    if (found) return found;
    const fresh = { date, conversations: 0, messages: 0 };
    days.set(date, fresh);
    return fresh;
  };
  for (const r of rowsOf<{ day: string; n: number }>(started)) at(r.day).conversations = Number(r.n);
  for (const r of rowsOf<{ day: string; n: number }>(written)) at(r.day).messages = Number(r.n);
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
