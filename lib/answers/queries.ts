import "server-only";
import { and, count, desc, eq, max, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { taughtAnswers } from "@/lib/db/schema";

/** The taught answers' rows; every query is scoped to its agent, so a foreign id is simply not found. */
export type TaughtAnswerRow = typeof taughtAnswers.$inferSelect;

export function listTaught(db: Db, agentId: string): Promise<TaughtAnswerRow[]> {
  return db
    .select()
    .from(taughtAnswers)
    .where(eq(taughtAnswers.agentId, agentId))
    .orderBy(desc(taughtAnswers.insertedAt), desc(taughtAnswers.id));
}

export async function insertTaught(
  db: Db,
  agentId: string,
  values: { questions: string[]; answer: string },
): Promise<TaughtAnswerRow> {
  const [row] = await db
    .insert(taughtAnswers)
    .values({ agentId, ...values })
    .returning();
  return row!;
}

export async function updateTaught(
  db: Db,
  agentId: string,
  id: string,
  patch: { questions?: string[]; answer?: string },
): Promise<TaughtAnswerRow | null> {
  const [row] = await db
    .update(taughtAnswers)
    // updated_at set even by an empty patch: the stamp the matcher's cache is checked with moves on.
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(taughtAnswers.agentId, agentId), eq(taughtAnswers.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTaught(db: Db, agentId: string, id: string): Promise<TaughtAnswerRow | null> {
  const [row] = await db
    .delete(taughtAnswers)
    .where(and(eq(taughtAnswers.agentId, agentId), eq(taughtAnswers.id, id)))
    .returning();
  return row ?? null;
}

/**
 * What the agent's taught answers are now, as one short string: how many and the latest change. Any insert,
 * update or delete changes it, so every server process sees a change at its next question.
 */
export async function taughtStamp(db: Db, agentId: string): Promise<string> {
  const [row] = await db
    .select({ n: count(), latest: max(taughtAnswers.updatedAt) })
    .from(taughtAnswers)
    .where(eq(taughtAnswers.agentId, agentId));
  const latest = row?.latest as Date | string | null | undefined;
  return `${Number(row?.n ?? 0)}|${latest instanceof Date ? latest.toISOString() : String(latest ?? "")}`;
}
