import "server-only";
import { and, asc, desc, eq, getTableColumns, gt, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { rowsOf } from "@/lib/db/rows";
import {
  type AnswerMode,
  agents,
  type ConversationChannel,
  conversations,
  type MessageStatus,
  messages,
} from "@/lib/db/schema";
import { foldForSearch } from "@/lib/retrieval/fold";

/** Every query of conversations and messages. Each one is scoped by agent, visitor or conversation. */

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type StoredSource = MessageRow["sources"][number];

export const TITLE_CHARS = 120;

/** What a new conversation is started with; the rest is the database's. */
export type NewConversation = {
  publicId: string;
  agentId: string;
  channel: ConversationChannel;
  visitorId: string | null;
  apiKeyId?: string | null;
  title: string;
  language: string | null;
  device: string | null;
};

/** Every column of a table, by name, as a WITH query returning its rows gives them: read back as the table's. */
function columnsOf(from: object, table: typeof conversations | typeof messages): never {
  const keys = Object.keys(getTableColumns(table));
  return Object.fromEntries(keys.map((k) => [k, (from as Record<string, unknown>)[k]])) as never;
}

/** A new conversation's values as the start statements take them. */
function conversationValues(conversation: NewConversation) {
  return {
    ...conversation,
    apiKeyId: conversation.apiKeyId ?? null,
    title: conversation.title.slice(0, TITLE_CHARS),
  };
}

/**
 * The start statements' new conversation, as a WITH query over their placeholders, written already
 * counting the messages the same statement adds.
 */
function startedConversation(d: Db, counts: { messageCount: number; unanswered?: SQL }) {
  return d.$with("started").as(
    d
      .insert(conversations)
      .values({
        publicId: sql.placeholder("publicId"),
        agentId: sql.placeholder("agentId"),
        channel: sql.placeholder("channel"),
        visitorId: sql.placeholder("visitorId"),
        apiKeyId: sql.placeholder("apiKeyId"),
        title: sql.placeholder("title"),
        language: sql.placeholder("language"),
        device: sql.placeholder("device"),
        ...counts,
      })
      .returning(),
  );
}

/** The start statements' first question, in the conversation `conversationId` selects. */
function firstQuestion(conversationId: SQL) {
  return {
    publicId: sql.placeholder("questionId"),
    conversationId,
    agentId: sql.placeholder("agentId"),
    role: "user" as const,
    content: sql.placeholder("content"),
    searchText: sql.placeholder("searchText"),
    language: sql.placeholder("questionLanguage"),
    allowanceHeld: sql.placeholder("questionHeld"),
  };
}

/**
 * A question as stored; `held`: one message of the owner's allowance was spent for it (the column
 * allowanceHeld, lib/db/schema.ts), to be used by its answer.
 */
export type NewQuestion = { publicId: string; content: string; language: string | null; held?: boolean };

/**
 * A new conversation and its first question, in one statement: a conversation is always started by a
 * question, and most visitors ask just one, so this saves every new visitor a round trip before their
 * answer. The conversation is written already counting the question; the question's conversation is the
 * one just written (Postgres checks the foreign key at the statement's end, when both rows are there).
 */
export async function startConversation(
  db: Db,
  conversation: NewConversation,
  question: NewQuestion,
): Promise<{ conversation: ConversationRow; question: MessageRow }> {
  const statement = preparedQuery(db, "start_conversation", (d, name) => {
    const started = startedConversation(d, { messageCount: 1 });
    const asked = d.$with("asked").as(
      d
        .insert(messages)
        .values(firstQuestion(sql`(select ${sql.identifier("id")} from ${started})`))
        .returning(),
    );
    return d
      .with(started, asked)
      .select({
        conversation: columnsOf(started, conversations),
        question: columnsOf(asked, messages),
      })
      .from(started)
      .crossJoin(asked)
      .prepare(name);
  });
  const [row] = (await statement.execute({
    ...conversationValues(conversation),
    questionId: question.publicId,
    content: question.content,
    searchText: foldForSearch(question.content),
    questionLanguage: question.language,
    questionHeld: question.held ?? false,
  })) as { conversation: ConversationRow; question: MessageRow }[];
  return row!;
}

/** An answer as stored: what lib/chat/answer.ts made of the question. */
export type StoredAnswer = {
  publicId: string;
  content: string;
  language: string | null;
  sources: StoredSource[];
  mode: AnswerMode;
  model: string | null;
  firstTokenMs: number | null;
};

/**
 * A new conversation, its question and the answer already made for it, in one statement: a built-in
 * answer is ready within milliseconds, so the visitor's first question costs one write instead of two
 * (issue 18). One INSERT writes both messages, so the question takes the lower seq; its message of the
 * allowance is used by then, so it holds none.
 */
export async function startAnsweredConversation(
  db: Db,
  conversation: NewConversation,
  question: { publicId: string; content: string; language: string | null },
  answer: StoredAnswer,
): Promise<{ conversation: ConversationRow; question: MessageRow; answer: MessageRow }> {
  const statement = preparedQuery(db, "start_answered_conversation", (d, name) => {
    const started = startedConversation(d, {
      messageCount: 2,
      unanswered: sql`${sql.placeholder("unanswered")}::int`,
    });
    const conversationId = sql`(select ${sql.identifier("id")} from ${started})`;
    const written = d.$with("written").as(
      d
        .insert(messages)
        .values([
          firstQuestion(conversationId),
          {
            publicId: sql.placeholder("answerId"),
            conversationId,
            agentId: sql.placeholder("agentId"),
            role: "assistant",
            content: sql.placeholder("answerContent"),
            searchText: sql.placeholder("answerSearchText"),
            language: sql.placeholder("answerLanguage"),
            sources: sql.placeholder("sources"),
            mode: sql.placeholder("mode"),
            status: "complete",
            model: sql.placeholder("model"),
            firstTokenMs: sql.placeholder("firstTokenMs"),
          },
        ])
        .returning(),
    );
    return d
      .with(started, written)
      .select({
        conversation: columnsOf(started, conversations),
        message: columnsOf(written, messages),
      })
      .from(started)
      .crossJoin(written)
      .prepare(name);
  });
  const rows = (await statement.execute({
    ...conversationValues(conversation),
    unanswered: answer.mode === "fallback" ? 1 : 0,
    questionId: question.publicId,
    content: question.content,
    searchText: foldForSearch(question.content),
    questionLanguage: question.language,
    questionHeld: false,
    answerId: answer.publicId,
    answerContent: answer.content,
    answerSearchText: foldForSearch(answer.content),
    answerLanguage: answer.language,
    sources: answer.sources,
    mode: answer.mode,
    model: answer.model,
    firstTokenMs: answer.firstTokenMs,
  })) as { conversation: ConversationRow; message: MessageRow }[];
  const of = (role: MessageRow["role"]) => rows.find((r) => r.message.role === role)!.message;
  return { conversation: rows[0]!.conversation, question: of("user"), answer: of("assistant") };
}

/** A conversation of this agent that this visitor (public) or the owner's test chat holds; else null. */
export async function conversationInScope(
  db: Db,
  scope: { publicId: string; agentId: string; channel: ConversationChannel; visitorId: string | null },
): Promise<ConversationRow | null> {
  // Two shapes: a visitor's conversation, or the owner's (no visitor).
  const owners = scope.visitorId === null;
  const statement = preparedQuery(
    db,
    owners ? "conversation_of_owner" : "conversation_of_visitor",
    (d, name) =>
      d
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.publicId, sql.placeholder("publicId")),
            eq(conversations.agentId, sql.placeholder("agentId")),
            eq(conversations.channel, sql.placeholder("channel")),
            owners
              ? sql`${conversations.visitorId} is null`
              : eq(conversations.visitorId, sql.placeholder("visitorId")),
          ),
        )
        .limit(1)
        .prepare(name),
  );
  const [row] = await statement.execute(scope);
  return row ?? null;
}

/** Any conversation of the owner's agent, whichever channel (history reads them all). */
export async function conversationOfAgent(
  db: Db,
  agentId: string,
  publicId: string,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.publicId, publicId), eq(conversations.agentId, agentId)))
    .limit(1);
  return row ?? null;
}

/** A visitor's own conversation by its public id, whichever agent. */
export async function conversationOfVisitor(
  db: Db,
  visitorId: string,
  publicId: string,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.publicId, publicId),
        eq(conversations.visitorId, visitorId),
        eq(conversations.channel, "public"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The last turns, oldest first, for follow-up questions and the model's context. */
export async function recentTurns(db: Db, conversationId: string, count: number): Promise<MessageRow[]> {
  const statement = preparedQuery(db, "recent_turns", (d, name) =>
    d
      .select()
      .from(messages)
      .where(eq(messages.conversationId, sql.placeholder("conversationId")))
      .orderBy(desc(messages.seq))
      .limit(sql.placeholder("count"))
      .prepare(name),
  );
  const rows = await statement.execute({ conversationId, count });
  return rows.reverse();
}

/**
 * A message and its conversation's counts, in one statement. A question may hold a message of the allowance
 * (`held`); an answer may settle its question's (`settles`: the question's id), read back as `settled`:
 * true when the question held one, which this answer has now used (or, failed, gives back).
 */
export async function insertMessage(
  db: Db,
  values: {
    publicId: string;
    conversationId: string;
    agentId: string;
    role: "user" | "assistant";
    content: string;
    language: string | null;
    sources?: StoredSource[];
    mode?: AnswerMode | null;
    status?: MessageStatus;
    model?: string | null;
    inputTokens?: number | null;
    outputTokens?: number | null;
    firstTokenMs?: number | null;
    held?: boolean;
    settles?: string;
  },
): Promise<MessageRow & { settled: boolean }> {
  const settling = values.settles !== undefined;
  // One statement: the conversation's counts move with the message, atomically and in one round trip; and
  // the question's held message with its answer.
  const statement = preparedQuery(db, settling ? "insert_answer_settling" : "insert_message", (d, name) => {
    const counted = d.$with("counted").as(
      d
        .update(conversations)
        .set({
          messageCount: sql`${conversations.messageCount} + 1`,
          lastMessageAt: sql`now()`,
          unanswered: sql`${conversations.unanswered} + ${sql.placeholder("unansweredStep")}::int`,
        })
        .where(eq(conversations.id, sql.placeholder("conversationId")))
        .returning({ id: conversations.id }),
    );
    const settled = d.$with("settled").as(
      d
        .update(messages)
        .set({ allowanceHeld: false })
        .where(and(eq(messages.id, sql.placeholder("settles")), eq(messages.allowanceHeld, true)))
        .returning({ id: messages.id }),
    );
    return d
      .with(counted, ...(settling ? [settled] : []))
      .insert(messages)
      .values({
        publicId: sql.placeholder("publicId"),
        conversationId: sql.placeholder("conversationId"),
        agentId: sql.placeholder("agentId"),
        role: sql.placeholder("role"),
        content: sql.placeholder("content"),
        searchText: sql.placeholder("searchText"),
        language: sql.placeholder("language"),
        sources: sql.placeholder("sources"),
        mode: sql.placeholder("mode"),
        status: sql.placeholder("status"),
        model: sql.placeholder("model"),
        inputTokens: sql.placeholder("inputTokens"),
        outputTokens: sql.placeholder("outputTokens"),
        firstTokenMs: sql.placeholder("firstTokenMs"),
        allowanceHeld: sql.placeholder("held"),
      })
      .returning({
        ...getTableColumns(messages),
        settled: settling ? sql<boolean>`exists (select 1 from ${settled})` : sql<boolean>`false`,
      })
      .prepare(name);
  });
  const [row] = await statement.execute({
    publicId: values.publicId,
    conversationId: values.conversationId,
    agentId: values.agentId,
    role: values.role,
    content: values.content,
    language: values.language,
    searchText: foldForSearch(values.content),
    sources: values.sources ?? [],
    mode: values.mode ?? null,
    status: values.status ?? "complete",
    model: values.model ?? null,
    inputTokens: values.inputTokens ?? null,
    outputTokens: values.outputTokens ?? null,
    firstTokenMs: values.firstTokenMs ?? null,
    held: values.held ?? false,
    ...(settling ? { settles: values.settles } : {}),
    // An answer that fell back is one more the agent could not answer.
    unansweredStep: values.mode === "fallback" ? 1 : 0,
  });
  return row!;
}

/**
 * Marks a question asked again as holding the message of the allowance its new request spent; true when it
 * already held one (an earlier request's, whose answer never came): that request's is then used for it, and
 * the new one is to be given back.
 */
export async function holdAllowance(db: Db, questionId: string): Promise<boolean> {
  const rows = rowsOf<{ was: boolean }>(
    await db.execute(sql`
      UPDATE messages m SET allowance_held = true
      FROM (SELECT id, allowance_held AS was FROM messages WHERE id = ${questionId} FOR UPDATE) p
      WHERE m.id = p.id
      RETURNING p.was`),
  );
  return rows[0]?.was === true;
}

/** Takes a failed or aborted answer back so a retry of the same question replaces it. */
export async function deleteMessage(db: Db, message: MessageRow): Promise<void> {
  const gone = await db.delete(messages).where(eq(messages.id, message.id)).returning({ id: messages.id });
  if (gone.length === 0) return;
  await db
    .update(conversations)
    .set({ messageCount: sql`greatest(${conversations.messageCount} - 1, 0)` })
    .where(eq(conversations.id, message.conversationId));
}

/** Messages after `afterSeq` (exclusive), oldest first. */
export async function messagesAfter(
  db: Db,
  conversationId: string,
  afterSeq: number,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, afterSeq)))
    .orderBy(asc(messages.seq))
    .limit(limit);
}

/** The seq of a message of this conversation, for cursors; null when the id is not one of its. */
export async function messageSeq(db: Db, conversationId: string, publicId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.publicId, publicId)))
    .limit(1);
  return row?.seq ?? null;
}

export async function conversationSeq(db: Db, agentId: string, publicId: string): Promise<number | null> {
  const row = await conversationOfAgent(db, agentId, publicId);
  return row?.seq ?? null;
}

export type VisitorConversation = {
  id: string;
  agent_id: string;
  agent_name: string;
  title: string;
  last_message_at: string;
};

/** A visitor's recent chats on this device (`/{lang}/c`), newest activity first. */
export async function visitorConversations(
  db: Db,
  visitorId: string,
  limit = 30,
): Promise<VisitorConversation[]> {
  const rows = await db
    .select({
      id: conversations.publicId,
      agentId: agents.publicId,
      agentName: agents.name,
      title: conversations.title,
      lastMessageAt: conversations.lastMessageAt,
    })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .where(and(eq(conversations.visitorId, visitorId), eq(conversations.channel, "public")))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    agent_id: r.agentId,
    agent_name: r.agentName,
    title: r.title,
    last_message_at: r.lastMessageAt.toISOString(),
  }));
}

/** A message with what decides who may rate it: its conversation and the agent's owner. */
export async function messageWithScope(
  db: Db,
  publicId: string,
): Promise<{
  message: MessageRow;
  conversation: ConversationRow;
  ownerId: string;
  workspaceId: string;
  agentPublicId: string;
} | null> {
  const [row] = await db
    .select({
      message: messages,
      conversation: conversations,
      ownerId: agents.ownerId,
      workspaceId: agents.workspaceId,
      agentPublicId: agents.publicId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(agents, eq(agents.id, messages.agentId))
    .where(eq(messages.publicId, publicId))
    .limit(1);
  return row ?? null;
}

/**
 * Records feedback and keeps the conversation's helpful/unhelpful counts right when a rating changes. The
 * message row is locked while its old rating is read and replaced, so each change moves the counts by
 * exactly its own difference, however many clicks arrive at once.
 */
export async function setFeedback(
  db: Db,
  message: MessageRow,
  feedback: { helpful: boolean; comment: string | null },
): Promise<MessageRow> {
  const changed = rowsOf<{ prev: boolean | null }>(
    await db.execute(sql`
      update messages m set feedback_helpful = ${feedback.helpful}::boolean,
        feedback_comment = ${feedback.comment}::text, feedback_at = now()
      from (select id, feedback_helpful as prev from messages where id = ${message.id} for update) p
      where m.id = p.id
      returning p.prev`),
  );
  if (changed.length > 0) {
    const prev = changed[0]!.prev;
    const helpful = (feedback.helpful ? 1 : 0) - (prev === true ? 1 : 0);
    const unhelpful = (feedback.helpful ? 0 : 1) - (prev === false ? 1 : 0);
    if (helpful !== 0 || unhelpful !== 0) {
      await db
        .update(conversations)
        .set({
          helpful: sql`${conversations.helpful} + ${helpful}`,
          unhelpful: sql`${conversations.unhelpful} + ${unhelpful}`,
        })
        .where(eq(conversations.id, message.conversationId));
    }
  }
  const [row] = await db.select().from(messages).where(eq(messages.id, message.id)).limit(1);
  return row!;
}
