import "server-only";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { ConversationRow } from "@/lib/chat/conversations";
import type { Db } from "@/lib/db/client";
import { conversations, messages } from "@/lib/db/schema";
import { foldForSearch } from "@/lib/retrieval/fold";
import { dayEnd, dayStart } from "./days";

/**
 * The owner's history list (HIST-1), scoped by agent and bounded by the index on (agent_id, seq): a page
 * never scans the whole history.
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
