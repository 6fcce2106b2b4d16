import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
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

/** A reply sent clears the failure; one that failed says why (never a token: errors carry none). */
export async function markReplied(db: Db, id: string, error: string | null, unauthorized = false) {
  await db
    .update(channels)
    .set({
      lastError: error,
      state: error === null ? "connected" : unauthorized ? "needs_reconnect" : "failing",
    })
    .where(and(eq(channels.id, id), sql`${channels.state} <> 'paused'`));
}

/** Event ids older than any platform redelivers (Telegram keeps updates 24 h, Messenger retries for hours). */
export async function forgetOldEvents(db: Db, olderThanDays: number): Promise<number> {
  const gone = await db
    .delete(channelEvents)
    .where(lt(channelEvents.insertedAt, sql`now() - make_interval(days => ${olderThanDays})`))
    .returning({ id: channelEvents.externalId });
  return gone.length;
}
