import "server-only";

/** Bodies of the chat routes live in their contracts (lib/contracts/chat.ts). */
export {
  FEEDBACK_BODY_LIMIT,
  feedbackSchema,
  MAX_QUESTION_CHARS,
  MESSAGE_BODY_LIMIT,
  type MessageInput,
  ownerMessageSchema,
  type PublicMessageInput,
  publicMessageSchema,
} from "@/lib/contracts/chat";
