import "server-only";
import { and, asc, eq, gt, max } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { inboxEvents } from "@/lib/db/schema";
import { hub } from "./hub";

/**
 * The live-inbox events (issue 46), stored before anyone is told, so a stream that reconnects with its
 * `Last-Event-ID`, or one opened on another instance after a restart, reads exactly what it missed.
 */

/** Who sees an event: the conversation's visitor, the members of its workspace, or both. */
export type Audience = "visitor" | "members" | "both";

export type NewEvent = {
  workspaceId: string;
  conversationId: string;
  audience: Audience;
  type: string;
  data: Record<string, unknown>;
};

export type StoredEvent = { id: number; type: string; data: Record<string, unknown> };

/** Stores the events, then wakes their streams here and on the other instances. */
export async function recordEvents(db: Db, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(inboxEvents).values(
    events.map((e) => ({
      workspaceId: e.workspaceId,
      conversationId: e.conversationId,
      forVisitor: e.audience !== "members",
      forMembers: e.audience !== "visitor",
      type: e.type,
      data: e.data,
    })),
  );
  const woken = new Set<string>();
  for (const e of events) {
    const key = `${e.workspaceId}:${e.conversationId}`;
    if (woken.has(key)) continue;
    woken.add(key);
    hub().wake(e.workspaceId, e.conversationId);
  }
}

const PAGE = 100;
const columns = { id: inboxEvents.id, type: inboxEvents.type, data: inboxEvents.data };

/** A visitor's events of their conversation after `after`, oldest first. */
export function visitorEventsAfter(db: Db, conversationId: string, after: number): Promise<StoredEvent[]> {
  return db
    .select(columns)
    .from(inboxEvents)
    .where(
      and(
        eq(inboxEvents.conversationId, conversationId),
        eq(inboxEvents.forVisitor, true),
        gt(inboxEvents.id, after),
      ),
    )
    .orderBy(asc(inboxEvents.id))
    .limit(PAGE);
}

/** A workspace's events for its members after `after`, oldest first. */
export function memberEventsAfter(db: Db, workspaceId: string, after: number): Promise<StoredEvent[]> {
  return db
    .select(columns)
    .from(inboxEvents)
    .where(
      and(
        eq(inboxEvents.workspaceId, workspaceId),
        eq(inboxEvents.forMembers, true),
        gt(inboxEvents.id, after),
      ),
    )
    .orderBy(asc(inboxEvents.id))
    .limit(PAGE);
}

/** The workspace's newest event id: a member's stream opened without `Last-Event-ID` starts after it. */
export async function lastWorkspaceEvent(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(inboxEvents.id) })
    .from(inboxEvents)
    .where(eq(inboxEvents.workspaceId, workspaceId));
  return Number(row?.last ?? 0);
}
