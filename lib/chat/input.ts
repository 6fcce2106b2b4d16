import "server-only";
import { z } from "zod";
import { isPublicId } from "@/lib/agents/public-id";
import { jsonLimitFor } from "@/lib/http/respond";

/** Bodies of the chat routes (docs/chat-api.md). Content is capped before anything is stored or sent. */
export const MAX_QUESTION_CHARS = 4000;

const publicId = z.string().refine(isPublicId, { message: "invalid" });

const base = {
  conversation_id: publicId.nullish(),
  content: z.string().trim().min(1).max(MAX_QUESTION_CHARS),
  locale: z.enum(["en", "vi"]).optional(),
};

export const ownerMessageSchema = z.object(base);
export const publicMessageSchema = z.object({ agent_id: publicId, ...base });
export type MessageInput = z.infer<typeof ownerMessageSchema>;

const MAX_COMMENT_CHARS = 1000;

export const feedbackSchema = z.object({
  helpful: z.boolean(),
  comment: z.string().trim().max(MAX_COMMENT_CHARS).nullish(),
});

/** Body limits that follow the schemas above (ids and locale fit in jsonLimitFor's slack). */
export const MESSAGE_BODY_LIMIT = jsonLimitFor(MAX_QUESTION_CHARS);
export const FEEDBACK_BODY_LIMIT = jsonLimitFor(MAX_COMMENT_CHARS);
