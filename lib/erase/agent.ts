import "server-only";
import { and, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import { forgetAnsweringAgent } from "@/lib/agents/answering-agent";
import { forgetTaught } from "@/lib/answers/matcher";
import type { Db } from "@/lib/db/client";
import {
  agents,
  apiKeys,
  channels,
  chatRefusals,
  conversations,
  documents,
  messages,
  passages,
  passageTerms,
  taughtAnswers,
} from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { STALE_CRAWL_MS } from "@/lib/ingest/recrawl-schedule";
import { logger } from "@/lib/logger";
import { fileStore } from "@/lib/storage/store";
import type { FileStore } from "@/lib/storage/types";
import { forgetEmbedPolicy } from "@/lib/widget/embed-policy";

const log = logger("erase");

/** How many rows (and stored files) of each kind an erasure removed. */
export type AgentErasure = {
  documents: number;
  files: number;
  passages: number;
  taught_answers: number;
  conversations: number;
  messages: number;
  channels: number;
  api_keys: number;
};

/**
 * Documents being learned, or websites being crawled: erasing under them would race their writers, so the
 * erasure is refused (409) until they are done (a crawl whose worker was lost long ago does not count).
 */
async function learning(db: Db, agentId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(
      and(
        eq(documents.agentId, agentId),
        or(
          eq(documents.status, "processing"),
          and(
            isNotNull(documents.crawlStartedAt),
            gt(documents.crawlStartedAt, new Date(now.getTime() - STALE_CRAWL_MS)),
          ),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** A translated 409 while the agent has documents being learned (see `learning`). */
export async function requireNotLearning(db: Db, agentId: string, now = new Date()): Promise<void> {
  const busy = await learning(db, agentId, now);
  if (busy > 0) throw new ApiError("conflict", "erase_while_learning", { count: busy });
}

const counted = async (rows: Promise<unknown[]>) => (await rows).length;

/**
 * Removes everything an agent holds: its documents and their stored originals, passages, vectors and term
 * statistics, taught answers, conversations and messages, channels, API keys, and (with `keepAgent` false,
 * the default) the agent row itself with its widget settings. Every cache holding any of it is dropped, here
 * and on the other instances. Refused with a 409 while documents are being learned (nothing is touched
 * then). The agent row is locked first: a document being added at the same moment waits, then finds no
 * agent (its insert fails on the foreign key), so nothing is left behind.
 */
export async function eraseAgentData(
  db: Db,
  agentId: string,
  {
    keepAgent = false,
    store = fileStore(),
    now = new Date(),
  }: { keepAgent?: boolean; store?: FileStore; now?: Date } = {},
): Promise<AgentErasure | null> {
  const done = await db.transaction(async (tx) => {
    const t: Db = tx;
    const [agent] = await t
      .select({ id: agents.id, publicId: agents.publicId })
      .from(agents)
      .where(eq(agents.id, agentId))
      .for("update");
    if (!agent) return null;
    await requireNotLearning(t, agentId, now);
    const keys = (
      await t
        .select({ key: documents.storageKey })
        .from(documents)
        .where(and(eq(documents.agentId, agentId), isNotNull(documents.storageKey)))
    ).map((r) => r.key as string);
    const [passageCount] = await t
      .select({ n: sql<number>`count(*)::int` })
      .from(passages)
      .where(eq(passages.agentId, agentId));
    const [messageCount] = await t
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.agentId, agentId));
    // Children first, in one statement each: the passage triggers keep passage_terms per statement.
    await t.delete(messages).where(eq(messages.agentId, agentId));
    const result: AgentErasure = {
      conversations: await counted(
        t.delete(conversations).where(eq(conversations.agentId, agentId)).returning({ id: conversations.id }),
      ),
      messages: messageCount?.n ?? 0,
      passages: passageCount?.n ?? 0,
      documents: await counted(
        t.delete(documents).where(eq(documents.agentId, agentId)).returning({ id: documents.id }),
      ),
      files: keys.length,
      taught_answers: await counted(
        t.delete(taughtAnswers).where(eq(taughtAnswers.agentId, agentId)).returning({ id: taughtAnswers.id }),
      ),
      channels: await counted(
        t.delete(channels).where(eq(channels.agentId, agentId)).returning({ id: channels.id }),
      ),
      api_keys: await counted(
        t.delete(apiKeys).where(eq(apiKeys.agentId, agentId)).returning({ id: apiKeys.id }),
      ),
    };
    await t.delete(passages).where(eq(passages.agentId, agentId));
    await t.delete(passageTerms).where(eq(passageTerms.agentId, agentId));
    await t.delete(chatRefusals).where(eq(chatRefusals.agentId, agentId));
    if (keepAgent) {
      await t
        .update(agents)
        .set({ widget: {}, allowedDomains: [], widgetSecret: null })
        .where(eq(agents.id, agentId));
    } else {
      await t.delete(agents).where(eq(agents.id, agentId));
    }
    return { agent, keys, result };
  });
  if (!done) return null;
  // After the commit: a file removed before it would be missing from rows a rollback kept.
  for (const key of done.keys) await store.delete(key);
  forgetAnsweringAgent(done.agent.publicId);
  forgetEmbedPolicy(done.agent.publicId);
  forgetTaught(agentId);
  log.info(`erased agent ${done.agent.publicId}: ${JSON.stringify(done.result)}`);
  return done.result;
}
