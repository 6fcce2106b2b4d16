import "server-only";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { documents, taughtAnswers } from "@/lib/db/schema";

/**
 * The plan's per-agent limits (BILL-7): documents and characters learned. Checked at upload for what is
 * known then (how many documents, a snippet's length) and at ingestion for what is learned. Nothing
 * already learned is ever removed: an owner over a lower limit keeps every document and only adds no more.
 */
export type AgentUsage = { documents: number; characters: number };

/**
 * Documents of the agent (every status: each one is a slot) and its taught answers, and characters learned
 * by completed documents.
 */
export async function agentUsage(db: Db, agentId: string, except?: string): Promise<AgentUsage> {
  const [row] = await db
    .select({
      documents: count(),
      // A taught answer takes a document's slot (issue 44): the plan's limit covers both.
      taught: sql<number>`(select count(*) from ${taughtAnswers} where ${taughtAnswers.agentId} = ${agentId})::int`,
      characters: sql<number>`coalesce(sum(case when ${documents.status} = 'completed' then ${documents.characters} else 0 end), 0)::bigint`,
    })
    .from(documents)
    .where(
      except ? and(eq(documents.agentId, agentId), ne(documents.id, except)) : eq(documents.agentId, agentId),
    );
  return {
    documents: Number(row?.documents ?? 0) + Number(row?.taught ?? 0),
    characters: Number(row?.characters ?? 0),
  };
}
