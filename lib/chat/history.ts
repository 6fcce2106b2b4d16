import "server-only";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { DayCount, UnansweredQuestion as Unanswered } from "@/lib/contracts/history";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { conversations, messages } from "@/lib/db/schema";
import { foldForSearch } from "@/lib/retrieval/fold";
import type { ConversationRow, MessageRow } from "./conversations";
import { dayEnd, dayStart, eachDay, localDay } from "./days";

/**
 * The owner's history queries (HIST-1 … HIST-3), all scoped by agent and bounded by the indexes on
 * (agent_id, seq) and (agent_id, inserted_at): a day or a page never scans the whole history.
 */

export type HistoryFilter = { beforeSeq: number | null; date: string | null; tz: string; q: string | null };

export async function filteredConversations(
  db: Db,
  agentId: string,
  filter: HistoryFilter,
  limit: number,
): Promise<ConversationRow[]> {
  const folded = filter.q ? foldForSearch(filter.q) : "";
  return db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.agentId, agentId),
        filter.beforeSeq === null ? undefined : lt(conversations.seq, filter.beforeSeq),
        filter.date ? gte(conversations.insertedAt, dayStart(filter.date, filter.tz)) : undefined,
        filter.date ? lt(conversations.insertedAt, dayEnd(filter.date, filter.tz)) : undefined,
        // Folded text holds letters, digits and spaces only, so nothing in it is a LIKE wildcard.
        folded
          ? sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id}
              and m.search_text like ${`%${folded}%`})`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.seq))
    .limit(limit);
}

export type { DayCount } from "@/lib/contracts/history";

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

export const EXPORT_LIMIT = 500;

export type ExportRow = MessageRow & { conversationPublicId: string };

/** The messages written on one local day, the 500 latest at most, in time order. */
export async function messagesOfDay(db: Db, agentId: string, date: string, tz: string): Promise<ExportRow[]> {
  const rows = await db
    .select({ message: messages, conversationPublicId: conversations.publicId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.agentId, agentId),
        gte(messages.insertedAt, dayStart(date, tz)),
        lt(messages.insertedAt, dayEnd(date, tz)),
      ),
    )
    .orderBy(desc(messages.insertedAt), desc(messages.seq))
    .limit(EXPORT_LIMIT);
  return rows.reverse().map((r) => ({ ...r.message, conversationPublicId: r.conversationPublicId }));
}

export type { UnansweredQuestion as Unanswered } from "@/lib/contracts/history";

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
