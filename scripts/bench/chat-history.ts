import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

/**
 * The chat tables of a database that has served for a while, written before the bench's ANALYZE: past
 * conversations of each agent (a question and an answer each) and the limit counters of past visitors.
 *
 * Why: analyzed empty, those tables are planned as empty. Each pooled connection then keeps generic plans
 * that scan conversations and rate_limits sequentially (the statement's own lookups and the foreign-key
 * checks Postgres runs for it) while the bench grows them by thousands of rows a second, until autovacuum
 * analyzes them again. In about half of the runs on Postgres a built-in answer's database CPU grew from 1.3
 * to 5.6 ms within one run (pg_stat_statements: the limits statement's blocks read per call from 70 to 395)
 * and the throughput ratio fell from 20 to 11 %. With history the figure stayed at 1.0–1.3 ms. A database
 * in service has history and statistics: this measures that, not a brand-new one under a flood.
 */
export async function seedChatHistory(db: Db, agentIds: string[], conversations: number): Promise<void> {
  if (conversations <= 0) return;
  for (const agentId of agentIds) {
    await db.execute(sql`
      WITH past AS (
        INSERT INTO conversations (public_id, agent_id, channel, visitor_id, title, language, message_count,
                                   device, inserted_at, last_message_at)
        SELECT 'conv_past_' || left(${agentId}::text, 8) || '_' || g, ${agentId}::uuid, 'public',
               'past-visitor-' || g, 'An earlier question ' || g, 'vi', 2, 'mobile',
               now() - make_interval(mins => g), now() - make_interval(mins => g)
        FROM generate_series(1, ${conversations}::int) g
        RETURNING id, public_id, inserted_at)
      INSERT INTO messages (public_id, conversation_id, agent_id, role, content, search_text, language, inserted_at)
      SELECT 'msg_' || past.public_id || '_' || roles.role, past.id, ${agentId}::uuid, roles.role,
             'An earlier ' || roles.role || ' turn', 'an earlier turn', 'vi', past.inserted_at
      FROM past CROSS JOIN (VALUES ('user'), ('assistant')) AS roles(role)`);
  }
  // What the limits of those visitors left behind (the nightly cleanup keeps a day of them).
  await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count)
    SELECT scope || ':past-' || g, now() - make_interval(secs => g % 80000), 1 + g % 5
    FROM generate_series(1, ${conversations}::int) g
    CROSS JOIN (VALUES ('chat-visitor'), ('chat-visitor-day'), ('chat-address'), ('chat-address-day')) AS scopes(scope)`);
}
