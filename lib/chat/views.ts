import "server-only";
import type { ConversationRow, MessageRow, StoredSource } from "./conversations";

/** What the API answers about messages and conversations (docs/chat-api.md). */

export type Source = StoredSource;

export type MessageView = {
  id: string;
  conversation_id: string;
  role: "user" | "assistant";
  content: string;
  sources: Source[];
  mode: "llm" | "quote" | "fallback" | null;
  status: "complete" | "failed" | "aborted";
  language: "en" | "vi" | null;
  feedback: { helpful: boolean; comment: string | null } | null;
  inserted_at: string;
};

export type ConversationView = {
  id: string;
  agent_id: string;
  channel: "public" | "owner";
  title: string;
  first_question: string;
  language: "en" | "vi" | null;
  device: "mobile" | "tablet" | "desktop" | null;
  message_count: number;
  unanswered: number;
  helpful: number;
  unhelpful: number;
  inserted_at: string;
  last_message_at: string;
};

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

export function conversationView(row: ConversationRow, agentPublicId: string): ConversationView {
  return {
    id: row.publicId,
    agent_id: agentPublicId,
    channel: row.channel,
    title: row.title,
    first_question: row.title,
    language: lang(row.language),
    device:
      row.device === "mobile" || row.device === "tablet" || row.device === "desktop" ? row.device : null,
    message_count: row.messageCount,
    unanswered: row.unanswered,
    helpful: row.helpful,
    unhelpful: row.unhelpful,
    inserted_at: row.insertedAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
  };
}
