import type { ConversationView, MessageView, Source } from "@/lib/contracts/chat";
import { chatRoutes } from "./chat-routes";

/** The chat API's objects as the browser sees them: their contracts' (lib/contracts/chat.ts). */
export type ChatSource = Source;
export type ChatMessage = MessageView;
export type ChatConversation = ConversationView;

/** Who is talking: a visitor (cookie, public routes) or the agent's owner (session, owner routes). */
export type ChatChannel = { kind: "public"; agentId: string } | { kind: "owner" };

export { MAX_QUESTION_CHARS as MAX_MESSAGE_CHARS } from "@/lib/contracts/values";

/** The routes a channel asks and reads its conversations through. */
export function channelRoutes(c: ChatChannel) {
  return c.kind === "public"
    ? { send: chatRoutes.sendPublicMessage, messages: chatRoutes.publicMessages }
    : { send: chatRoutes.sendOwnerMessage, messages: chatRoutes.ownerMessages };
}
