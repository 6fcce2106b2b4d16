import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { agents } from "@/lib/db/schema";

/** Every query of the agents table. Owner-scoped ones take the owner's id: there is only "my agent". */

export type AgentRow = typeof agents.$inferSelect;
export type NewAgentRow = typeof agents.$inferInsert;
export type AgentPatch = Partial<
  Omit<NewAgentRow, "id" | "publicId" | "ownerId" | "insertedAt" | "updatedAt">
>;

/**
 * The agent a public message is for, by its public id (kept a few seconds by lib/agents/answering-agent.ts;
 * its corpus stamp is read with the limits, lib/limits/chat.ts).
 */
export async function agentToAnswer(db: Db, publicId: string): Promise<AgentRow | null> {
  const statement = preparedQuery(db, "agent_to_answer", (d, name) =>
    d
      .select()
      .from(agents)
      .where(eq(agents.publicId, sql.placeholder("publicId")))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ publicId });
  return row ?? null;
}

export async function agentOfOwner(db: Db, ownerId: string): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.ownerId, ownerId)).limit(1);
  return row ?? null;
}

export async function agentByPublicId(db: Db, publicId: string): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.publicId, publicId)).limit(1);
  return row ?? null;
}

/**
 * Creates the owner's agent unless they already have one (a second tab's POST a moment earlier): null
 * then, and the caller updates instead. A public-id collision still throws (unique violation).
 */
export async function insertAgentIfNone(db: Db, values: NewAgentRow): Promise<AgentRow | null> {
  const [row] = await db
    .insert(agents)
    .values(values)
    .onConflictDoNothing({ target: agents.ownerId })
    .returning();
  return row ?? null;
}

export async function updateAgentOfOwner(
  db: Db,
  ownerId: string,
  patch: AgentPatch,
): Promise<AgentRow | null> {
  const [row] = await db
    .update(agents)
    // updated_at moves even when nothing else changed: the owner saved.
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(agents.ownerId, ownerId))
    .returning();
  return row ?? null;
}

export async function agentById(db: Db, id: string): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
  return row ?? null;
}
