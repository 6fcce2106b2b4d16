import "server-only";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import {
  agents,
  conversations,
  documents,
  invoices,
  messages,
  taughtAnswers,
  users,
  workspaceMembers,
  workspaces,
} from "@/lib/db/schema";

/**
 * The workspace's data as the export reads it: everything scoped by `agents.workspace_id` (or the
 * workspace's own rows), in pages of `PAGE` rows that resume after the last key (keyset paging, on the
 * tables' indexes), so 20,000 documents or a million messages are read in steady steps, never at once.
 */
export const PAGE = 1000;
/** Conversations per page when their messages are read with them (a page of messages per page). */
export const CONVERSATION_PAGE = 200;

export type AgentRow = typeof agents.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export async function workspaceRow(db: Db, workspaceId: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row ?? null;
}

export function agentsOf(db: Db, workspaceId: string): Promise<AgentRow[]> {
  return db
    .select()
    .from(agents)
    .where(eq(agents.workspaceId, workspaceId))
    .orderBy(asc(agents.insertedAt), asc(agents.id));
}

export function membersOf(db: Db, workspaceId: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.joinedAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.id));
}

/**
 * Where the last page ended: its last row's (inserted_at, id), the instant as the database's own text so no
 * microsecond is lost (a JavaScript Date keeps milliseconds: a page would start again at its own rows).
 */
type Cursor = { at: string; id: string };

/** After the cursor, in (inserted_at, id) order: one row comparison the (agent_id, inserted_at) index serves. */
const after = (at: AnyPgColumn, id: AnyPgColumn, last: Cursor | undefined) =>
  last ? sql`(${at}, ${id}) > (${last.at}::timestamptz, ${last.id}::uuid)` : undefined;

/** Rows PAGE at a time in (inserted_at, id) order: `read` fetches the page after a cursor. */
async function* keysetPages<T extends { id: string }>(
  read: (last: Cursor | undefined) => Promise<{ row: T; at: string }[]>,
): AsyncGenerator<T[]> {
  let last: Cursor | undefined;
  for (;;) {
    const page = await read(last);
    if (page.length === 0) return;
    yield page.map((p) => p.row);
    if (page.length < PAGE) return;
    const end = page[page.length - 1]!;
    last = { at: end.at, id: end.row.id };
  }
}

export function documentsOf(db: Db, agentId: string): AsyncGenerator<DocumentRow[]> {
  return keysetPages((last) =>
    db
      .select({ row: documents, at: sql<string>`${documents.insertedAt}::text` })
      .from(documents)
      .where(and(eq(documents.agentId, agentId), after(documents.insertedAt, documents.id, last)))
      .orderBy(asc(documents.insertedAt), asc(documents.id))
      .limit(PAGE),
  );
}

export function taughtAnswersOf(db: Db, agentId: string) {
  return keysetPages((last) =>
    db
      .select({ row: taughtAnswers, at: sql<string>`${taughtAnswers.insertedAt}::text` })
      .from(taughtAnswers)
      .where(and(eq(taughtAnswers.agentId, agentId), after(taughtAnswers.insertedAt, taughtAnswers.id, last)))
      .orderBy(asc(taughtAnswers.insertedAt), asc(taughtAnswers.id))
      .limit(PAGE),
  );
}

/** The agent's conversations in order of creation (their `seq`), a page at a time, with their messages. */
export async function* conversationsOf(
  db: Db,
  agentId: string,
): AsyncGenerator<{ conversation: ConversationRow; messages: MessageRow[] }[]> {
  let lastSeq = 0;
  for (;;) {
    const page = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.agentId, agentId), gt(conversations.seq, lastSeq)))
      .orderBy(asc(conversations.seq))
      .limit(CONVERSATION_PAGE);
    if (page.length === 0) return;
    const rows = await db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.conversationId,
          page.map((c) => c.id),
        ),
      )
      .orderBy(asc(messages.conversationId), asc(messages.seq));
    const byConversation = new Map<string, MessageRow[]>();
    for (const m of rows) {
      const list = byConversation.get(m.conversationId);
      if (list) list.push(m);
      else byConversation.set(m.conversationId, [m]);
    }
    yield page.map((c) => ({ conversation: c, messages: byConversation.get(c.id) ?? [] }));
    if (page.length < CONVERSATION_PAGE) return;
    lastSeq = page[page.length - 1]!.seq;
  }
}

/** The invoices of the workspace's plan: its first owner's, while billing is per person. */
export function invoicesOf(db: Db, ownerId: string) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.ownerId, ownerId))
    .orderBy(asc(invoices.insertedAt), asc(invoices.id));
}
