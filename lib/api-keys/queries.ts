import "server-only";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { agents, apiKeys, users } from "@/lib/db/schema";

/** Every query of api_keys; each one is scoped by agent, or by the key's hash for authentication. */

export type ApiKeyRow = typeof apiKeys.$inferSelect;
/** A key as the owner may see it again: never its hash. */
export type ApiKeyListed = Omit<ApiKeyRow, "keyHash" | "agentId">;

const listed = {
  id: apiKeys.id,
  publicId: apiKeys.publicId,
  name: apiKeys.name,
  lastFour: apiKeys.lastFour,
  insertedAt: apiKeys.insertedAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

export async function countKeysOfAgent(db: Db, agentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.agentId, agentId));
  return Number(row?.n ?? 0);
}

export async function insertKey(
  db: Db,
  values: { publicId: string; agentId: string; name: string; keyHash: string; lastFour: string },
): Promise<ApiKeyListed> {
  const [row] = await db.insert(apiKeys).values(values).returning(listed);
  return row!;
}

/** Newest first. */
export function keysOfAgent(db: Db, agentId: string): Promise<ApiKeyListed[]> {
  return db
    .select(listed)
    .from(apiKeys)
    .where(eq(apiKeys.agentId, agentId))
    .orderBy(desc(apiKeys.insertedAt), desc(apiKeys.id));
}

/** Deletes one key of this agent; false when the id is unknown or another agent's. */
export async function deleteKeyOfAgent(db: Db, agentId: string, publicId: string): Promise<boolean> {
  const removed = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.agentId, agentId), eq(apiKeys.publicId, publicId)))
    .returning({ id: apiKeys.id });
  return removed.length > 0;
}

/** The key with this hash, with its agent and the agent's owner; null when none. */
export async function keyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ key: listed, agent: agents, user: users })
    .from(apiKeys)
    .innerJoin(agents, eq(agents.id, apiKeys.agentId))
    .innerJoin(users, eq(users.id, agents.ownerId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row ?? null;
}

/** Marks a key used, unless it was within the last `seconds`: one write a minute, not one a request. */
export async function touchKey(db: Db, id: string, seconds: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${seconds})`),
        ),
      ),
    );
}
