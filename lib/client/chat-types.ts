import { contracts, pathOf } from "@/lib/contracts";
import type { ConversationView, MessageView, Source } from "@/lib/contracts/chat";

/** The chat API's objects as the browser sees them: their contracts' (lib/contracts/chat.ts). */
export type ChatSource = Source;
export type ChatMessage = MessageView;
export type ChatConversation = ConversationView;

/** Who is talking: a visitor (cookie, public routes) or the agent's owner (session, owner routes). */
export type ChatChannel = { kind: "public"; agentId: string } | { kind: "owner" };

export { MAX_QUESTION_CHARS as MAX_MESSAGE_CHARS } from "@/lib/contracts/chat";

export const chatPaths = {
  message: (c: ChatChannel) =>
    pathOf(c.kind === "public" ? contracts.sendPublicMessage : contracts.sendOwnerMessage),
  messages: (c: ChatChannel, conversationId: string) =>
    pathOf(c.kind === "public" ? contracts.publicMessages : contracts.ownerMessages, null, {
      conversation_id: conversationId,
    }),
  feedback: (messageId: string) => pathOf(contracts.rateMessage, { id: messageId }),
};
