import "server-only";
import { sql } from "drizzle-orm";
import type { RefusalReason, RefusedDay, UnansweredQuestion as Unanswered } from "@/lib/contracts/history";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { foldForSearch } from "@/lib/retrieval/fold";
import { countsPerDay } from "./calendar";
import { dayEnd, dayStart, eachDay, localDay } from "./days";

/**
 * The owner's insight (HIST-3): activity per day, the share of helpful answers, the questions that got
 * the fallback message, and the public-chat messages the abuse limits refused (CHAT-8). All scoped by agent
 * and bounded by the index on (agent_id, inserted_at).
 */
export type { Unanswered };

const UNANSWERED_SCAN = 500;
const UNANSWERED_SHOWN = 50;

export async function insights(db: Db, agentId: string, from: string, to: string, tz: string) {
  const [perDay, feedback, fallbacks] = await Promise.all([
    countsPerDay(db, agentId, from, to, tz),
    db.execute(sql`
      select count(*) filter (where feedback_helpful)::int as helpful,
             count(*) filter (where not feedback_helpful)::int as unhelpful
      from messages
      where agent_id = ${agentId} and feedback_helpful is not null
        and inserted_at >= ${dayStart(from, tz)} and inserted_at < ${dayEnd(to, tz)}`),
    // Each fallback answer with the visitor question just before it.
    db.execute(sql`
      select q.content as question, q.public_id as message_id, c.public_id as conversation_id,
             a.inserted_at as asked_at
      from messages a
      join conversations c on c.id = a.conversation_id
      join lateral (
        select u.content, u.public_id from messages u
        where u.conversation_id = a.conversation_id and u.seq < a.seq and u.role = 'user'
        order by u.seq desc limit 1
      ) q on true
      where a.agent_id = ${agentId} and a.mode = 'fallback'
        and a.inserted_at >= ${dayStart(from, tz)} and a.inserted_at < ${dayEnd(to, tz)}
      order by a.inserted_at desc
      limit ${UNANSWERED_SCAN}`),
  ]);
  const byDay = new Map(perDay.map((d) => [d.date, d]));
  const fb = rowsOf<{ helpful: number; unhelpful: number }>(feedback)[0];
  const groups = new Map<string, Unanswered>();
  for (const r of rowsOf<{
    question: string;
    message_id: string;
    conversation_id: string;
    asked_at: string | Date;
  }>(fallbacks)) {
    const key = foldForSearch(r.question);
    const found = groups.get(key);
    if (found) found.count++;
    else {
      groups.set(key, {
        question: r.question,
        count: 1,
        last_asked_at: new Date(r.asked_at).toISOString(),
        conversation_id: r.conversation_id,
        message_id: r.message_id,
      });
    }
  }
  return {
    days: eachDay(from, to).map((date) => byDay.get(date) ?? { date, conversations: 0, messages: 0 }),
    feedback: { helpful: Number(fb?.helpful ?? 0), unhelpful: Number(fb?.unhelpful ?? 0) },
    unanswered: [...groups.values()].slice(0, UNANSWERED_SHOWN),
  };
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
