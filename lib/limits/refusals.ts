import "server-only";
import { sql } from "drizzle-orm";
import type { RefusalReason } from "@/lib/contracts/history";
import type { Db } from "@/lib/db/client";

/**
 * Refused public-chat messages (CHAT-8), counted per agent, hour and reason for the owner's insight
 * (read in lib/history/insight.ts). One upsert per refusal: an attack costs a counter, never a row per request.
 */
export type { RefusalReason, RefusedDay } from "@/lib/contracts/history";

export async function recordRefusal(db: Db, agentId: string, reason: RefusalReason): Promise<void> {
  await db.execute(sql`
    INSERT INTO chat_refusals (agent_id, hour, reason, count)
    VALUES (${agentId}, date_trunc('hour', now()), ${reason}, 1)
    ON CONFLICT (agent_id, hour, reason) DO UPDATE SET count = chat_refusals.count + 1`);
}
