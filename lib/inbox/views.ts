import "server-only";
import type { InboxItem, LiveMessage } from "@/lib/contracts/inbox";
import type { InboxConversation, MessageRow } from "./queries";

/** What the inbox API and its events say of conversations and messages (lib/contracts/inbox.ts). */

const lang = (v: string | null): "en" | "vi" | null => (v === "en" || v === "vi" ? v : null);

export function inboxItem(row: InboxConversation, holder: string | null, me: string | null): InboxItem {
  const c = row.conversation;
  return {
    id: c.publicId,
    agent_id: row.agent.publicId,
    agent_name: row.agent.name,
    title: c.title,
    state: c.handoffState,
    held_by: c.heldBy ? (holder ?? "") : null,
    held_by_me: me !== null && c.heldBy === me,
    waiting_since: c.waitingSince?.toISOString() ?? null,
    language: lang(c.language),
    message_count: c.messageCount,
    last_message_at: c.lastMessageAt.toISOString(),
  };
}

/**
 * A message as the inbox and live events carry it: the chat's message (lib/chat/views.ts's shape), with the
 * member who wrote it, if one did.
 */
export function liveMessage(
  row: MessageRow,
  conversationPublicId: string,
  author: string | null,
): LiveMessage {
  return {
    id: row.publicId,
    conversation_id: conversationPublicId,
    role: row.role,
    content: row.content,
    sources: row.sources,
    mode: row.mode ?? null,
    status: row.status,
    language: lang(row.language),
    feedback:
      row.feedbackHelpful === null ? null : { helpful: row.feedbackHelpful, comment: row.feedbackComment },
    inserted_at: row.insertedAt.toISOString(),
    author: row.authorId ? (author ?? "") : null,
  };
}
