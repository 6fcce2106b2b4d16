import type { ConversationView, MessageView, Source } from "@/lib/contracts/chat";
import { chatRoutes } from "./chat-routes";

/** The chat API's objects as the browser sees them: their contracts' (lib/contracts/chat.ts). */
export type ChatSource = Source;
export type ChatMessage = MessageView;
export type ChatConversation = ConversationView;

/** A widget visitor as the owner's site signed them (checked by the server; a wrong hash is ignored). */
export type WidgetIdentity = { user_id: string; user_hash: string; name?: string };

/**
 * Who is talking: a visitor (cookie, public routes) or the agent's owner (session, owner routes). In the
 * widget, `identity` gives the visitor the host page identified, sent with each question.
 */
export type ChatChannel =
  | { kind: "public"; agentId: string; identity?: () => WidgetIdentity | null }
  | { kind: "owner" };

export { MAX_QUESTION_CHARS as MAX_MESSAGE_CHARS } from "@/lib/contracts/values";

/** The routes a channel asks and reads its conversations through. */
export function channelRoutes(c: ChatChannel) {
  return c.kind === "public"
    ? { send: chatRoutes.sendPublicMessage, messages: chatRoutes.publicMessages }
    : { send: chatRoutes.sendOwnerMessage, messages: chatRoutes.ownerMessages };
}
