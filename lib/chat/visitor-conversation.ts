import { agentById } from "@/lib/agents/queries";
import type { ConversationView, MessageView } from "@/lib/contracts/chat";
import type { Db } from "@/lib/db/client";
import { conversationOfVisitor, messagesAfter } from "./conversations";
import { conversationView, messageView } from "./views";

const MAX_MESSAGES = 500;

/**
 * A visitor's own conversation with its messages (CHAT-7), for the public API and for the page that
 * continues it (rendered on the server: the page request carries the visitor cookie). Anyone else's
 * conversation, or one whose agent is gone, is null: the caller answers "not found" either way.
 */
export async function visitorConversation(
  db: Db,
  visitorId: string,
  conversationPublicId: string,
): Promise<{ conversation: ConversationView; messages: MessageView[] } | null> {
  const conversation = await conversationOfVisitor(db, visitorId, conversationPublicId);
  const agent = conversation ? await agentById(db, conversation.agentId) : null;
  if (!conversation || !agent) return null;
  const rows = await messagesAfter(db, conversation.id, 0, MAX_MESSAGES);
  return {
    conversation: conversationView(conversation, agent.publicId),
    messages: rows.map((m) => messageView(m, conversation.publicId)),
  };
}
