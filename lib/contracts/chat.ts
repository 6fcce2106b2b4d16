import { z } from "zod";
import { defineRoute } from "./contract";
import { instant, jsonLimitFor, line, locale, publicId } from "./fields";

/** Chatting with an agent (CHAT-1 … CHAT-5, docs/chat-api.md): the visitor's public chat and the owner's test chat. */

export const sourceSchema = z.object({
  document_id: z.string(),
  title: z.string().describe("the document's name, or the crawled page's title"),
  url: z.string().nullable().describe("the web page, for a website source"),
  snippet: z.string().describe("the sentence quoted, or the passage's best sentences"),
  passage: z
    .string()
    .optional()
    .describe("the passage the answer quoted or used; absent on answers stored before it was kept"),
});
export type Source = z.infer<typeof sourceSchema>;

export const messageSchema = z.object({
  id: z.string().describe("public id, msg_…"),
  conversation_id: z.string().describe("public id, conv_…"),
  role: z.enum(["user", "assistant"]),
  content: z.string().describe("markdown for assistant messages"),
  sources: z.array(sourceSchema).describe("[] for questions; an answer's `[n]` is sources[n - 1]"),
  mode: z
    .enum(["llm", "quote", "fallback"])
    .nullable()
    .describe("answers only: a model's answer, built-in quoting, or the fallback message"),
  status: z.enum(["complete", "failed", "aborted"]),
  language: z.enum(["en", "vi"]).nullable(),
  feedback: z.object({ helpful: z.boolean(), comment: z.string().nullable() }).nullable(),
  inserted_at: instant,
});
export type MessageView = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string().describe("public id, conv_…"),
  agent_id: z.string().describe("the agent's public id"),
  channel: z
    .enum(["public", "owner", "api"])
    .describe("a visitor's chat, the owner's test chat, or one asked with an API key"),
  visitor_name: z
    .string()
    .nullable()
    .describe("the name of a visitor the owner's site identified with a valid signature"),
  messaging_channel: z
    .enum(["telegram", "messenger", "zalo"])
    .nullable()
    .describe("the messaging platform a visitor's conversation came through; null for the page and widget"),
  title: z.string().describe("the first question, shortened"),
  first_question: z.string().describe("the same as title"),
  language: z.enum(["en", "vi"]).nullable(),
  device: z
    .enum(["mobile", "tablet", "desktop"])
    .nullable()
    .describe("the visitor's device; null when unknown, and for a conversation asked with an API key"),
  message_count: z.number(),
  unanswered: z.number().describe("answers that were the fallback message"),
  helpful: z.number(),
  unhelpful: z.number(),
  inserted_at: instant,
  last_message_at: instant,
});
export type ConversationView = z.infer<typeof conversationSchema>;

import { MAX_QUESTION_CHARS } from "./values";

export { MAX_QUESTION_CHARS };

const base = {
  conversation_id: publicId.nullish().describe("continue this conversation; absent to start one"),
  content: z.string().trim().min(1).max(MAX_QUESTION_CHARS).describe("the question"),
  locale: locale.optional().describe("the page's language, a hint only"),
};

export const ownerMessageSchema = z.object(base);
/**
 * A widget visitor the owner's site identified: `user_hash` is HMAC-SHA256(widget secret, user_id) in hex.
 * A wrong hash is ignored (the question is answered, the visitor stays anonymous), never an error.
 */
export const widgetIdentitySchema = z.object({
  user_id: line(200).min(1).describe("the visitor's id in the owner's own system"),
  user_hash: z.string().trim().max(128).describe("hex HMAC-SHA256 of user_id with the agent's widget secret"),
  name: line(100).optional().describe("the name history shows for this visitor"),
});

export const publicMessageSchema = z.object({
  agent_id: publicId.describe("the agent's public id"),
  ...base,
  identity: widgetIdentitySchema
    .optional()
    .describe("a visitor identified by the owner's site (widget identity verification)"),
});
export type MessageInput = z.infer<typeof ownerMessageSchema>;
export type PublicMessageInput = z.infer<typeof publicMessageSchema>;

const MAX_COMMENT_CHARS = 1000;

export const feedbackSchema = z.object({
  helpful: z.boolean(),
  comment: z.string().trim().max(MAX_COMMENT_CHARS).nullish(),
});

/** Body limits that follow the schemas above (ids and locale fit in jsonLimitFor's slack). */
export const MESSAGE_BODY_LIMIT = jsonLimitFor(MAX_QUESTION_CHARS);
export const FEEDBACK_BODY_LIMIT = jsonLimitFor(MAX_COMMENT_CHARS);

/** The JSON answer (without `Accept: text/event-stream`); a stream sends start, sources, delta, done, error. */
export const answerSchema = z.object({
  conversation_id: z.string(),
  question: messageSchema,
  message: messageSchema
    .nullable()
    .describe("the answer; null when the question went to a person (handoff `waiting` or `live`)"),
  handoff: z
    .enum(["offered", "waiting", "live"])
    .nullable()
    .optional()
    .describe(
      "a person: offered after an answer the agent could not give; waiting or live when the conversation is a person's",
    ),
});

export const chatContracts = {
  sendPublicMessage: defineRoute({
    method: "POST",
    path: "/api/v1/public/agent/conversation/message",
    auth: "visitor",
    summary: "A visitor's question on the public page, answered as SSE or JSON; limits first.",
    body: publicMessageSchema,
    bodyLimit: MESSAGE_BODY_LIMIT,
    data: answerSchema,
    responds: "json-or-sse",
  }),
  publicMessages: defineRoute({
    method: "GET",
    path: "/api/v1/public/agent/conversation/messages",
    auth: "visitor",
    summary: "A visitor's own conversation (the signed cookie decides); anyone else's is a 404.",
    query: z.object({ conversation_id: z.string().optional() }),
    data: z.array(messageSchema),
    meta: z.object({ conversation: conversationSchema }),
  }),
  sendOwnerMessage: defineRoute({
    method: "POST",
    path: "/api/v1/agent/conversation/message",
    auth: "owner-agent",
    apiKey: true,
    summary:
      "The owner's test chat with their own agent (without the visitor's allowance); with an API key, a conversation of the `api` channel that spends the allowance.",
    body: ownerMessageSchema,
    bodyLimit: MESSAGE_BODY_LIMIT,
    data: answerSchema,
    responds: "json-or-sse",
  }),
  ownerMessages: defineRoute({
    method: "GET",
    path: "/api/v1/agent/conversation/messages",
    auth: "owner-agent",
    apiKey: true,
    summary: "One conversation of the owner's agent, oldest first, 50 at a time after `last_id`.",
    query: z.object({
      conversation_id: z.string().optional(),
      last_id: z.string().optional().describe("the last message already shown"),
    }),
    data: z.array(messageSchema),
    meta: z.object({
      conversation: conversationSchema,
      last_id: z.string().nullable(),
      has_more: z.boolean(),
    }),
  }),
  rateMessage: defineRoute({
    method: "POST",
    path: "/api/v1/agent/conversation/message/:id/feedback",
    auth: "visitor",
    summary:
      "Helpful or not, with an optional comment: the owner on any answer of their agent, a visitor in their own conversations.",
    params: z.object({ id: z.string().describe("the answer's public id") }),
    body: feedbackSchema,
    bodyLimit: FEEDBACK_BODY_LIMIT,
    data: messageSchema,
  }),
};
