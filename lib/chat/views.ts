import "server-only";
import type { ConversationView, MessageView } from "@/lib/contracts/chat";
import type { ConversationRow, MessageRow } from "./conversations";

/** What the API answers about messages and conversations: their contracts (lib/contracts/chat.ts). */
export type { ConversationView, MessageView, Source } from "@/lib/contracts/chat";

const lang = (v: string | null): "en" | "vi" | null => (v === "en" || v === "vi" ? v : null);

export function messageView(row: MessageRow, conversationPublicId: string): MessageView {
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
  };
}

/** A channel user's visitor id is `<platform>_…` (lib/channels/reply.ts); a browser's is `v_…`. */
function messagingChannelOf(visitorId: string | null): ConversationView["messaging_channel"] {
  const platform = visitorId?.slice(0, visitorId.indexOf("_"));
  return platform === "telegram" || platform === "messenger" || platform === "zalo" ? platform : null;
}

export function conversationView(row: ConversationRow, agentPublicId: string): ConversationView {
  return {
    id: row.publicId,
    agent_id: agentPublicId,
    channel: row.channel,
    visitor_name: row.identityName ?? null,
    messaging_channel: messagingChannelOf(row.visitorId),
    title: row.title,
    first_question: row.title,
    language: lang(row.language),
    // An API call has no device, whatever its user agent made of it before issue 43.
    device:
      row.channel !== "api" &&
      (row.device === "mobile" || row.device === "tablet" || row.device === "desktop")
        ? row.device
        : null,
    message_count: row.messageCount,
    unanswered: row.unanswered,
    helpful: row.helpful,
    unhelpful: row.unhelpful,
    inserted_at: row.insertedAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
  };
}
