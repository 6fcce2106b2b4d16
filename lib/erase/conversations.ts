import "server-only";
import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { agents, conversations, messages, workspaces } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";

/**
 * Deleting conversations (issue 48): one by its public id, all of a visitor's, and those older than a
 * workspace's retention. Every query is scoped by the agent: another agent's conversation is a 404. Messages
 * go with their conversation (foreign key cascade).
 */

/** Who to erase: exactly one of these. */
export type VisitorKey =
  | { conversation_id: string }
  | { email: string }
  | { phone: string }
  | { visitor_name: string };

export type Erased = { conversations: number; contacts: number };

/**
 * What else holds a visitor's personal data beside conversations: contacts (not built yet) register here,
 * each erasing the visitor's rows of its own table and saying how many went.
 */
export type ContactEraser = (
  db: Db,
  agentId: string,
  key: VisitorKey,
  conversationIds: string[],
) => Promise<number>;
const contactErasers: ContactEraser[] = [];

/** Deletes one conversation of the agent; another agent's, or an unknown id, is a 404. */
export async function deleteConversation(db: Db, agentId: string, publicId: string): Promise<{ id: string }> {
  const [row] = await db
    .delete(conversations)
    .where(and(eq(conversations.agentId, agentId), eq(conversations.publicId, publicId)))
    .returning({ id: conversations.publicId });
  if (!row) throw new ApiError("not_found", "conversation_not_found");
  return row;
}

/** A phone number's digits, the country code 84 written as the national 0 (+84 90… and 090… are one number). */
export function phoneDigits(phone: string): string | null {
  let digits = phone.replace(/[\s.\-()]/g, "");
  if (!/^\+?\d{6,15}$/.test(digits)) return null;
  digits = digits.replace(/^\+/, "");
  if (digits.startsWith("84") && digits.length >= 10) digits = `0${digits.slice(2)}`;
  return digits;
}

/** The national and international forms a visitor may have typed a number in. */
function phoneForms(digits: string): string[] {
  return digits.startsWith("0") ? [digits, `84${digits.slice(1)}`] : [digits];
}

/** A message's text with the separators people put in numbers taken out. */
const compact = sql`regexp_replace(${messages.content}, '[[:space:].()+-]', '', 'g')`;

/** The agent's conversations the key names directly (before adding the same visitor's other ones). */
async function named(db: Db, agentId: string, key: VisitorKey): Promise<string[]> {
  const ofAgent = eq(conversations.agentId, agentId);
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  if ("conversation_id" in key) {
    const rows = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(ofAgent, eq(conversations.publicId, key.conversation_id)));
    if (rows.length === 0) throw new ApiError("not_found", "conversation_not_found");
    return ids(rows);
  }
  if ("visitor_name" in key) {
    const name = key.visitor_name.trim().toLowerCase();
    return ids(
      await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(ofAgent, sql`lower(trim(${conversations.identityName})) = ${name}`)),
    );
  }
  // An e-mail or phone: the identity the owner's site signed, or a question the visitor typed it in.
  const forms =
    "email" in key ? [key.email.trim().toLowerCase()] : phoneForms(phoneDigits(key.phone) ?? key.phone);
  const inMessage =
    "email" in key
      ? or(...forms.map((f) => sql`strpos(lower(${messages.content}), ${f}) > 0`))
      : or(...forms.map((f) => sql`strpos(${compact}, ${f}) > 0`));
  const byIdentity = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(ofAgent, inArray(sql`lower(${conversations.identityUserId})`, forms)));
  const byMessage = await db
    .selectDistinct({ id: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.agentId, agentId), eq(messages.role, "user"), inMessage));
  return [...new Set([...ids(byIdentity), ...ids(byMessage)])];
}

/** The visitors (cookie ids) of those conversations: all of their conversations with the agent go. */
async function withSameVisitors(db: Db, agentId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const visitors = db
    .select({ v: conversations.visitorId })
    .from(conversations)
    .where(and(inArray(conversations.id, ids), isNotNull(conversations.visitorId)));
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.agentId, agentId),
        or(inArray(conversations.id, ids), inArray(conversations.visitorId, visitors)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Checks the one key given and says what is wrong with it in the caller's language. */
export function visitorKeyOf(body: {
  conversation_id?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  visitor_name?: string | undefined;
}): VisitorKey {
  const given = Object.entries(body).filter(([, v]) => typeof v === "string" && v.trim() !== "");
  if (given.length !== 1) throw new ApiError("validation_failed", "erase_one_key");
  const [name, value] = given[0] as [keyof typeof body, string];
  if (name === "phone" && !phoneDigits(value)) {
    throw new ApiError("validation_failed", "erase_phone_invalid");
  }
  return { [name]: value.trim() } as VisitorKey;
}

/**
 * Every conversation of one visitor with the agent, found by a conversation of theirs, their name, e-mail or
 * phone (and, once contacts exist, their contacts): how many of each went.
 */
export async function eraseVisitor(db: Db, agentId: string, key: VisitorKey): Promise<Erased> {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const ids = await withSameVisitors(t, agentId, await named(t, agentId, key));
    let contacts = 0;
    for (const erase of contactErasers) contacts += await erase(t, agentId, key, ids);
    if (ids.length === 0) return { conversations: 0, contacts };
    const gone = await t
      .delete(conversations)
      .where(and(eq(conversations.agentId, agentId), inArray(conversations.id, ids)))
      .returning({ id: conversations.id });
    return { conversations: gone.length, contacts };
  });
}

/** How many conversations one retention pass deletes per statement: a big backlog goes in short steps. */
const BATCH = 500;

/**
 * Deletes conversations whose last message is older than each workspace's retention (the daily job). Returns
 * how many went in all.
 */
export async function applyRetention(db: Db, now = new Date()): Promise<number> {
  const kept = await db
    .select({ agentId: agents.id, days: workspaces.retentionDays })
    .from(workspaces)
    .innerJoin(agents, eq(agents.workspaceId, workspaces.id))
    .where(isNotNull(workspaces.retentionDays));
  let total = 0;
  for (const { agentId, days } of kept) {
    if (!days) continue;
    const before = new Date(now.getTime() - days * 86_400_000);
    for (;;) {
      const batch = db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.agentId, agentId), lt(conversations.lastMessageAt, before)))
        .limit(BATCH);
      const gone = await db
        .delete(conversations)
        .where(inArray(conversations.id, batch))
        .returning({ id: conversations.id });
      total += gone.length;
      if (gone.length < BATCH) break;
    }
  }
  return total;
}
