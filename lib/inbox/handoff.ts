import "server-only";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { HandoffSetting } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { enforce } from "@/lib/limits/rate-limit";
import type { CurrentWorkspace } from "@/lib/workspaces/current";
import { atLeast } from "@/lib/workspaces/roles";
import { recordEvents } from "./events";
import {
  addMessage,
  type ConversationRow,
  conversationOfWorkspace,
  holdConversation,
  type InboxConversation,
  type MessageRow,
  moveConversation,
  personNamed,
  releaseConversation,
} from "./queries";
import { inboxItem, liveMessage } from "./views";

/**
 * A person stepping into a conversation (issue 46): the visitor asks for one (the handoff route, or in
 * words), the conversation waits; a member of the agent's workspace takes it over, replies, and gives it
 * back to the agent. While it waits or is held the agent does not answer in it: the visitor's messages are
 * stored and told to the members (lib/chat/send.ts asks heldMessage). Each step is stored as events for the
 * visitor's and the members' streams (./events.ts).
 */

/** What the visitor's side knows of the request: who they are, from where. */
export type VisitorCaller = { visitorId: string; addressKey: string };

/** Handoff requests and messages to a person, per visitor and per address, per minute. */
export async function limitVisitor(db: Db, who: VisitorCaller): Promise<void> {
  const max = config().INBOX_LIMIT_PER_MINUTE;
  await enforce(
    db,
    [
      { key: `inbox-visitor:${who.visitorId}`, max, windowSeconds: 60, scope: "inbox" },
      { key: `inbox-address:${who.addressKey}`, max: max * 3, windowSeconds: 60, scope: "inbox" },
    ],
    "inbox_rate_limited",
  );
}

const MEMBER_REPLIES_PER_MINUTE = 60;

/** Whether the agent offers a person at all (`never`: no). */
export const offersPerson = (setting: HandoffSetting | string) => setting !== "never";

/** The visitor asks for a person: the conversation waits for one (already waiting or held: unchanged). */
export async function requestHandoff(
  db: Db,
  who: VisitorCaller,
  found: InboxConversation,
): Promise<ConversationRow> {
  if (!offersPerson(found.agent.handoff)) throw new ApiError("forbidden", "handoff_off");
  await limitVisitor(db, who);
  const c = found.conversation;
  if (c.handoffState !== "bot") return c;
  const moved = await moveConversation(db, c.id, ["bot"], { state: "waiting", heldBy: null, waiting: true });
  if (!moved) return c;
  await waitingEvents(db, { ...found, conversation: moved });
  return moved;
}

async function waitingEvents(db: Db, found: InboxConversation): Promise<void> {
  const base = { workspaceId: found.agent.workspaceId, conversationId: found.conversation.id };
  await recordEvents(db, [
    { ...base, audience: "visitor", type: "waiting", data: {} },
    { ...base, audience: "members", type: "waiting", data: { conversation: inboxItem(found, null, null) } },
  ]);
}

/**
 * A visitor's message in a conversation a person has (or is awaited in): stored and told to the members;
 * the agent does not answer it (lib/chat/send.ts).
 */
export async function heldMessage(
  db: Db,
  who: VisitorCaller,
  found: InboxConversation,
  content: string,
  language: string | null,
): Promise<MessageRow> {
  await limitVisitor(db, who);
  const c = found.conversation;
  const question = await addMessage(db, c, { role: "user", content, language, authorId: null });
  await recordEvents(db, [
    {
      workspaceId: found.agent.workspaceId,
      conversationId: c.id,
      audience: "members",
      type: "visitor_message",
      data: {
        conversation_id: c.publicId,
        state: c.handoffState,
        message: liveMessage(question, c.publicId, null),
      },
    },
  ]);
  return question;
}

/**
 * The conversation waits for a person (a visitor who asked in words, lib/chat/send.ts); the members are
 * told. Answers it as it is now.
 */
export async function startWaiting(db: Db, found: InboxConversation): Promise<ConversationRow> {
  const c = found.conversation;
  const moved = await moveConversation(db, c.id, ["bot"], { state: "waiting", heldBy: null, waiting: true });
  if (moved) await waitingEvents(db, { ...found, conversation: moved });
  return moved ?? c;
}

/** The conversation of the member's workspace; a foreign or unknown id is a 404. */
export async function memberConversation(
  db: Db,
  member: CurrentWorkspace,
  publicId: string,
): Promise<InboxConversation> {
  const found = await conversationOfWorkspace(db, member.workspaceId, publicId);
  if (!found) throw new ApiError("not_found", "conversation_not_found");
  return found;
}

const firstNameOf = async (db: Db, userId: string) => {
  const p = await personNamed(db, userId);
  return p?.firstName.trim() || p?.email?.split("@")[0] || "";
};

/** A member takes the conversation over; held by someone else, a 409 naming them. */
export async function takeover(db: Db, member: CurrentWorkspace, publicId: string) {
  const found = await memberConversation(db, member, publicId);
  const before = found.conversation;
  const held = await holdConversation(db, before.id, member.userId);
  if (!held) {
    const holder = before.heldBy ? await firstNameOf(db, before.heldBy) : "";
    throw new ApiError("conflict", "conversation_held", { name: holder });
  }
  const name = await firstNameOf(db, member.userId);
  if (before.heldBy !== member.userId) {
    const base = { workspaceId: found.agent.workspaceId, conversationId: held.id };
    await recordEvents(db, [
      { ...base, audience: "visitor", type: "member_joined", data: { name } },
      {
        ...base,
        audience: "members",
        type: "taken",
        data: { conversation: inboxItem({ ...found, conversation: held }, name, null) },
      },
    ]);
  }
  return inboxItem({ ...found, conversation: held }, name, member.userId);
}

async function heldByCaller(db: Db, member: CurrentWorkspace, publicId: string) {
  const found = await memberConversation(db, member, publicId);
  if (found.conversation.heldBy !== member.userId) {
    const holder = found.conversation.heldBy ? await firstNameOf(db, found.conversation.heldBy) : null;
    throw holder === null
      ? new ApiError("conflict", "conversation_not_taken")
      : new ApiError("conflict", "conversation_held", { name: holder });
  }
  return found;
}

/** The holder's reply: stored with its author, sent to the visitor's stream and the other members'. */
export async function reply(db: Db, member: CurrentWorkspace, publicId: string, content: string) {
  const found = await heldByCaller(db, member, publicId);
  await enforce(
    db,
    [
      {
        key: `inbox-member:${member.userId}`,
        max: MEMBER_REPLIES_PER_MINUTE,
        windowSeconds: 60,
        scope: "inbox",
      },
    ],
    "inbox_rate_limited",
  );
  const c = found.conversation;
  const stored = await addMessage(db, c, {
    role: "assistant",
    content,
    language: c.language,
    authorId: member.userId,
  });
  const name = await firstNameOf(db, member.userId);
  const message = liveMessage(stored, c.publicId, name);
  await recordEvents(db, [
    {
      workspaceId: found.agent.workspaceId,
      conversationId: c.id,
      audience: "both",
      type: "member_reply",
      data: { conversation_id: c.publicId, message },
    },
  ]);
  return message;
}

/** The holder is typing: the visitor's stream says so. */
export async function typing(db: Db, member: CurrentWorkspace, publicId: string): Promise<void> {
  const found = await heldByCaller(db, member, publicId);
  const name = await firstNameOf(db, member.userId);
  await recordEvents(db, [
    {
      workspaceId: found.agent.workspaceId,
      conversationId: found.conversation.id,
      audience: "visitor",
      type: "typing",
      data: { name, at: new Date().toISOString() },
    },
  ]);
}

/**
 * Gives the conversation back to the agent: its holder, or an owner or admin for a colleague who left
 * it; a waiting one can be given back by any member. The visitor is told the assistant is back.
 */
export async function release(db: Db, member: CurrentWorkspace, publicId: string) {
  const found = await memberConversation(db, member, publicId);
  const c = found.conversation;
  if (c.handoffState === "bot") return inboxItem(found, null, member.userId);
  const anyHolder = c.heldBy === null || atLeast(member.role, "admin");
  const released = await releaseConversation(db, c.id, member.userId, anyHolder);
  if (!released) {
    const holder = c.heldBy ? await firstNameOf(db, c.heldBy) : "";
    throw new ApiError("conflict", "conversation_held", { name: holder });
  }
  const base = { workspaceId: found.agent.workspaceId, conversationId: c.id };
  const item = inboxItem({ ...found, conversation: released }, null, member.userId);
  await recordEvents(db, [
    { ...base, audience: "visitor", type: "released", data: {} },
    {
      ...base,
      audience: "members",
      type: "released",
      data: { conversation: { ...item, held_by_me: false } },
    },
  ]);
  return item;
}
