/** The chat API's objects as the browser sees them (docs/chat-api.md). */

export type ChatSource = {
  document_id: string;
  title: string;
  url: string | null;
  snippet: string;
  /** The passage the answer quoted or used; absent on answers stored before it was kept. */
  passage?: string;
};

export type ChatMessage = {
  id: string;
  conversation_id: string;
  role: "user" | "assistant";
  content: string;
  sources: ChatSource[];
  mode: "llm" | "quote" | "fallback" | null;
  status: "complete" | "failed" | "aborted";
  language: "en" | "vi" | null;
  feedback: { helpful: boolean; comment: string | null } | null;
  inserted_at: string;
};

export type ChatConversation = {
  id: string;
  agent_id: string;
  channel: "public" | "owner";
  title: string;
  language: "en" | "vi" | null;
  message_count: number;
  helpful: number;
  unhelpful: number;
  inserted_at: string;
  last_message_at: string;
};

/** Who is talking: a visitor (cookie, public routes) or the agent's owner (session, owner routes). */
export type ChatChannel = { kind: "public"; agentId: string } | { kind: "owner" };

export const MAX_MESSAGE_CHARS = 4000;

export const chatPaths = {
  message: (c: ChatChannel) =>
    c.kind === "public" ? "/api/v1/public/agent/conversation/message" : "/api/v1/agent/conversation/message",
  messages: (c: ChatChannel, conversationId: string) =>
    `${c.kind === "public" ? "/api/v1/public/agent" : "/api/v1/agent"}/conversation/messages?conversation_id=${encodeURIComponent(conversationId)}`,
  feedback: (messageId: string) =>
    `/api/v1/agent/conversation/message/${encodeURIComponent(messageId)}/feedback`,
};
