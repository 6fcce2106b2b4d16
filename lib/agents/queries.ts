import "server-only";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { agents, conversations, documents, workspaces } from "@/lib/db/schema";

/**
 * Every query of the agents table. Member-facing ones take the workspace: an agent of another workspace is
 * never found, so a foreign id is a 404 like any unknown one.
 */

export type AgentRow = typeof agents.$inferSelect;
export type NewAgentRow = typeof agents.$inferInsert;
export type AgentPatch = Partial<
  Omit<NewAgentRow, "id" | "publicId" | "ownerId" | "workspaceId" | "insertedAt" | "updatedAt">
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

/** A workspace's agents, the first made first (the default one when a browser has chosen none). */
export function agentsOfWorkspace(db: Db, workspaceId: string): Promise<AgentRow[]> {
  return db
    .select()
    .from(agents)
    .where(eq(agents.workspaceId, workspaceId))
    .orderBy(asc(agents.insertedAt), asc(agents.id));
}

/** The workspace's agent with this public id; null when it has none by that id. */
export async function agentInWorkspace(
  db: Db,
  workspaceId: string,
  publicId: string,
): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.workspaceId, workspaceId), eq(agents.publicId, publicId)))
    .limit(1);
  return row ?? null;
}

export async function firstAgentOfWorkspace(db: Db, workspaceId: string): Promise<AgentRow | null> {
  const [row] = await db
    .select()
    .from(agents)
    .where(eq(agents.workspaceId, workspaceId))
    .orderBy(asc(agents.insertedAt), asc(agents.id))
    .limit(1);
  return row ?? null;
}

export async function countAgentsOfWorkspace(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agents).where(eq(agents.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

export async function agentByPublicId(db: Db, publicId: string): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.publicId, publicId)).limit(1);
  return row ?? null;
}

export async function insertAgent(db: Db, values: NewAgentRow): Promise<AgentRow> {
  const [row] = await db.insert(agents).values(values).returning();
  return row!;
}

export async function updateAgent(db: Db, agentId: string, patch: AgentPatch): Promise<AgentRow | null> {
  const [row] = await db
    .update(agents)
    // updated_at moves even when nothing else changed: the owner saved.
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(agents.id, agentId))
    .returning();
  return row ?? null;
}

export async function agentById(db: Db, id: string): Promise<AgentRow | null> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
  return row ?? null;
}

/** Locks the workspace's agent list while one is created, so two at once cannot pass the plan's limit. */
export async function lockAgentsOf(db: Db, workspaceId: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM ${workspaces} WHERE ${workspaces.id} = ${workspaceId} FOR UPDATE`);
}

export type AgentCounts = { documents: number; conversations: number };

/** Documents and conversations of each agent (for the agent list and switcher), in two grouped counts. */
export async function countsOfAgents(db: Db, agentIds: string[]): Promise<Map<string, AgentCounts>> {
  const out = new Map<string, AgentCounts>(agentIds.map((id) => [id, { documents: 0, conversations: 0 }]));
  if (agentIds.length === 0) return out;
  const [docs, convs] = await Promise.all([
    db
      .select({ id: documents.agentId, n: count() })
      .from(documents)
      .where(inArray(documents.agentId, agentIds))
      .groupBy(documents.agentId),
    db
      .select({ id: conversations.agentId, n: count() })
      .from(conversations)
      .where(inArray(conversations.agentId, agentIds))
      .groupBy(conversations.agentId),
  ]);
  for (const r of docs) out.get(r.id)!.documents = Number(r.n);
  for (const r of convs) out.get(r.id)!.conversations = Number(r.n);
  return out;
}
