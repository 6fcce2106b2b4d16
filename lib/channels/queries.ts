import "server-only";
import { and, desc, eq, gt, lt, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { channelEvents, channels } from "@/lib/db/schema";

export type ChannelRow = typeof channels.$inferSelect;

export async function insertChannel(db: Db, row: typeof channels.$inferInsert): Promise<ChannelRow> {
  const [made] = await db.insert(channels).values(row).returning();
  return made!;
}

export function channelsOfAgent(db: Db, agentId: string): Promise<ChannelRow[]> {
  return db.select().from(channels).where(eq(channels.agentId, agentId)).orderBy(desc(channels.insertedAt));
}

export async function channelOfAgent(db: Db, agentId: string, publicId: string): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.agentId, agentId), eq(channels.publicId, publicId)));
  return row ?? null;
}

export async function channelByPublicId(db: Db, publicId: string): Promise<ChannelRow | null> {
  const [row] = await db.select().from(channels).where(eq(channels.publicId, publicId));
  return row ?? null;
}

export async function channelById(db: Db, id: string): Promise<ChannelRow | null> {
  const [row] = await db.select().from(channels).where(eq(channels.id, id));
  return row ?? null;
}

export async function deleteChannel(db: Db, id: string): Promise<void> {
  await db.delete(channels).where(eq(channels.id, id));
}

/** True the first time this event id is seen for the channel; a redelivery is false. */
export async function firstDelivery(db: Db, channelId: string, externalId: string): Promise<boolean> {
  const rows = await db
    .insert(channelEvents)
    .values({ channelId, externalId })
    .onConflictDoNothing()
    .returning({ id: channelEvents.externalId });
  return rows.length > 0;
}

export async function markReceived(db: Db, id: string): Promise<void> {
  await db.update(channels).set({ lastMessageAt: sql`now()` }).where(eq(channels.id, id));
}

/**
 * A reply sent clears the failure; one that failed says why (never a token: errors carry none). A paused
 * channel keeps its state. True when this call is the one that turned the channel to "needs reconnect", so
 * the owner is told once however many replies fail after it.
 */
export async function markReplied(
  db: Db,
  id: string,
  error: string | null,
  unauthorized = false,
): Promise<boolean> {
  const notPaused = and(eq(channels.id, id), ne(channels.state, "paused"));
  if (error !== null && unauthorized) {
    const turned = await db
      .update(channels)
      .set({ lastError: error, state: "needs_reconnect" })
      .where(and(eq(channels.id, id), notInArray(channels.state, ["paused", "needs_reconnect"])))
      .returning({ id: channels.id });
    if (turned.length > 0) return true;
    await db.update(channels).set({ lastError: error }).where(notPaused);
    return false;
  }
  await db
    .update(channels)
    .set({ lastError: error, state: error === null ? "connected" : "failing" })
    .where(notPaused);
  return false;
}

/** Pauses or resumes: resuming starts clean, the next reply saying again whether the platform answers. */
export async function setPaused(db: Db, id: string, paused: boolean): Promise<ChannelRow> {
  const [row] = await db
    .update(channels)
    .set(paused ? { state: "paused" } : { state: "connected", lastError: null })
    .where(eq(channels.id, id))
    .returning();
  return row!;
}

/**
 * The channel waiting for this OA authorization state, claimed once: the state is cleared in the same
 * statement, so a second use (or a replay) finds nothing. Null when unknown, used or past its expiry.
 */
export async function claimAuthorization(db: Db, stateHash: string): Promise<ChannelRow | null> {
  const [row] = await db
    .update(channels)
    .set({ oauthStateHash: null, oauthExpiresAt: null })
    .where(
      and(
        eq(channels.oauthStateHash, stateHash),
        gt(channels.oauthExpiresAt, sql`now()`),
        eq(channels.state, "needs_authorization"),
      ),
    )
    .returning();
  return row ?? null;
}

export async function authorizeChannel(db: Db, id: string, secrets: string): Promise<void> {
  await db
    .update(channels)
    .set({ secrets, state: "connected", lastError: null })
    .where(and(eq(channels.id, id), eq(channels.state, "needs_authorization")));
}

export async function failAuthorization(db: Db, id: string, error: string): Promise<void> {
  await db.update(channels).set({ lastError: error }).where(eq(channels.id, id));
}

/** Event ids older than any platform redelivers (Telegram keeps updates 24 h, Messenger retries for hours). */
export async function forgetOldEvents(db: Db, olderThanDays: number): Promise<number> {
  const gone = await db
    .delete(channelEvents)
    .where(lt(channelEvents.insertedAt, sql`now() - make_interval(days => ${olderThanDays})`))
    .returning({ id: channelEvents.externalId });
  return gone.length;
}
