import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { agents, conversations, type HandoffState, messages, users } from "@/lib/db/schema";
import { foldForSearch } from "@/lib/retrieval/fold";

/** Every query of the live inbox (issue 46), each scoped by the workspace or the visitor. */

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type InboxConversation = {
  conversation: ConversationRow;
  agent: { id: string; publicId: string; name: string; workspaceId: string; handoff: string };
};

const agentColumns = {
  id: agents.id,
  publicId: agents.publicId,
  name: agents.name,
  workspaceId: agents.workspaceId,
  handoff: agents.handoff,
};

/** A public conversation by its public id, with its agent, where `scope` holds too; else null. */
async function publicConversationWhere(
  db: Db,
  publicId: string,
  scope: SQL,
): Promise<InboxConversation | null> {
  const [row] = await db
    .select({ conversation: conversations, agent: agentColumns })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .where(and(eq(conversations.publicId, publicId), eq(conversations.channel, "public"), scope))
    .limit(1);
  return row ?? null;
}

/** A public conversation of one of the workspace's agents; any other id is none (a 404). */
export function conversationOfWorkspace(db: Db, workspaceId: string, publicId: string) {
  return publicConversationWhere(db, publicId, eq(agents.workspaceId, workspaceId));
}

/** The visitor's own public conversation, with its agent; anyone else's is none (a 404). */
export function conversationOfVisitor(db: Db, visitorId: string, publicId: string) {
  return publicConversationWhere(db, publicId, eq(conversations.visitorId, visitorId));
}

/** Moves a conversation from `from` (any of them) to `to`; null when it was in none of them. */
export async function moveConversation(
  db: Db,
  conversationId: string,
  from: HandoffState[],
  to: { state: HandoffState; heldBy: string | null; waiting: boolean },
): Promise<ConversationRow | null> {
  const [row] = await db
    .update(conversations)
    .set({
      handoffState: to.state,
      heldBy: to.heldBy,
      waitingSince: to.waiting ? sql`now()` : null,
    })
    .where(and(eq(conversations.id, conversationId), inArray(conversations.handoffState, from)))
    .returning();
  return row ?? null;
}

/** Takes a conversation for `userId` unless another member holds it; null when one does. */
export async function holdConversation(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<ConversationRow | null> {
  const [row] = await db
    .update(conversations)
    .set({ handoffState: "live", heldBy: userId, waitingSince: null })
    .where(
      and(
        eq(conversations.id, conversationId),
        or(isNull(conversations.heldBy), eq(conversations.heldBy, userId)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives a conversation back to the agent, if `userId` (or, with `anyHolder`, anyone) holds it. */
export async function releaseConversation(
  db: Db,
  conversationId: string,
  userId: string,
  anyHolder: boolean,
): Promise<ConversationRow | null> {
  const [row] = await db
    .update(conversations)
    .set({ handoffState: "bot", heldBy: null, waitingSince: null })
    .where(
      and(
        eq(conversations.id, conversationId),
        ne(conversations.handoffState, "bot"),
        anyHolder ? undefined : eq(conversations.heldBy, userId),
      ),
    )
    .returning();
  return row ?? null;
}

export async function personNamed(
  db: Db,
  userId: string,
): Promise<{ firstName: string; lastName: string; email: string | null } | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The same shape as the chat's message ids (lib/chat/ask.ts). */
const newMessageId = () => `msg_${randomBytes(12).toString("base64url")}`;

/**
 * A message nobody answers now (a visitor's while a person has the conversation) or a member's reply
 * (`authorId`), with the conversation's count and time, in one statement.
 */
export async function addMessage(
  db: Db,
  c: Pick<ConversationRow, "id" | "agentId" | "language">,
  values: { role: "user" | "assistant"; content: string; language: string | null; authorId: string | null },
): Promise<MessageRow> {
  const counted = db.$with("counted").as(
    db
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: sql`now()` })
      .where(eq(conversations.id, c.id))
      .returning({ id: conversations.id }),
  );
  const [row] = await db
    .with(counted)
    .insert(messages)
    .values({
      publicId: newMessageId(),
      conversationId: c.id,
      agentId: c.agentId,
      role: values.role,
      content: values.content,
      searchText: foldForSearch(values.content),
      language: values.language,
      authorId: values.authorId,
    })
    .returning();
  return row!;
}

const RECENT = 30;

/**
 * The workspace's inbox: conversations waiting for a person (longest wait first), then live ones, then the
 * most recent others, optionally of one agent or one state.
 */
export async function inboxList(
  db: Db,
  workspaceId: string,
  filter: { agent?: string; state?: HandoffState },
): Promise<(InboxConversation & { holder: string | null })[]> {
  const scope = and(
    eq(agents.workspaceId, workspaceId),
    eq(conversations.channel, "public"),
    filter.agent ? eq(agents.publicId, filter.agent) : undefined,
  );
  const select = () =>
    db
      .select({ conversation: conversations, agent: agentColumns, holder: users.firstName })
      .from(conversations)
      .innerJoin(agents, eq(agents.id, conversations.agentId))
      .leftJoin(users, eq(users.id, conversations.heldBy));
  const held =
    filter.state === "bot"
      ? []
      : await select()
          .where(
            and(
              scope,
              filter.state
                ? eq(conversations.handoffState, filter.state)
                : ne(conversations.handoffState, "bot"),
            ),
          )
          .orderBy(
            sql`case ${conversations.handoffState} when 'waiting' then 0 else 1 end`,
            asc(conversations.waitingSince),
            desc(conversations.lastMessageAt),
          )
          .limit(200);
  const recent =
    filter.state && filter.state !== "bot"
      ? []
      : await select()
          .where(and(scope, eq(conversations.handoffState, "bot")))
          .orderBy(desc(conversations.lastMessageAt))
          .limit(RECENT);
  return [...held, ...recent];
}

/** A conversation's messages, oldest first (the inbox shows the whole conversation). */
export function conversationMessages(db: Db, conversationId: string) {
  return db
    .select({ message: messages, author: users.firstName })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq))
    .limit(500);
}
