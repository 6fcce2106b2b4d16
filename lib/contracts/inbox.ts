import { z } from "zod";
import { messageSchema } from "./chat";
import { defineRoute } from "./contract";
import { block, instant, jsonLimitFor, publicId } from "./fields";

/**
 * The live inbox (issue 46): a visitor asks for a person and follows the conversation live; members of the
 * agent's workspace (every role) take it over, reply and give it back, and follow their inbox live.
 */

export const handoffStateSchema = z
  .enum(["bot", "waiting", "live"])
  .describe("the agent answers (bot), a person is awaited (waiting), or a member holds it (live)");

export const inboxItemSchema = z.object({
  id: z.string().describe("the conversation's public id, conv_…"),
  agent_id: z.string(),
  agent_name: z.string(),
  title: z.string(),
  state: handoffStateSchema,
  held_by: z.string().nullable().describe("the first name of the member holding it"),
  held_by_me: z.boolean(),
  waiting_since: instant.nullable(),
  language: z.enum(["en", "vi"]).nullable(),
  message_count: z.number(),
  last_message_at: instant,
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const liveMessageSchema = messageSchema.extend({
  author: z.string().nullable().describe("the first name of the member who wrote it; null for the agent's"),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

export const MAX_REPLY_CHARS = 4000;

const conversationParam = z.object({ id: publicId });
const streamQuery = { last_event_id: z.string().max(20).optional().describe("as the Last-Event-ID header") };

export const inboxContracts = {
  requestHandoff: defineRoute({
    method: "POST",
    path: "/api/v1/public/agent/conversation/handoff",
    auth: "visitor",
    summary: "The visitor asks for a person in their own conversation: it waits for a member.",
    body: z.object({ conversation_id: publicId }),
    data: z.object({ conversation_id: z.string(), state: handoffStateSchema }),
  }),
  visitorEvents: defineRoute({
    method: "GET",
    path: "/api/v1/public/agent/conversation/events",
    auth: "visitor",
    summary:
      "The visitor's own conversation live (SSE): waiting, member_joined, member_reply, typing, released; resumes after Last-Event-ID.",
    query: z.object({ conversation_id: publicId, ...streamQuery }),
    responds: "json-or-sse",
  }),
  inboxList: defineRoute({
    method: "GET",
    path: "/api/v1/agent/inbox",
    auth: "user",
    summary:
      "The workspace's inbox: waiting for a person first (longest wait first), then live, then recent.",
    query: z.object({ agent_id: z.string().max(64).optional(), state: handoffStateSchema.optional() }),
    data: z.array(inboxItemSchema),
  }),
  inboxConversation: defineRoute({
    method: "GET",
    path: "/api/v1/agent/inbox/:id",
    auth: "user",
    summary: "One conversation of the workspace, whole, with who wrote each reply.",
    params: conversationParam,
    notFound: "conversation_not_found",
    data: z.object({ conversation: inboxItemSchema, messages: z.array(liveMessageSchema) }),
  }),
  inboxEvents: defineRoute({
    method: "GET",
    path: "/api/v1/agent/inbox/events",
    auth: "user",
    summary:
      "The workspace's inbox live (SSE): waiting, visitor_message, taken, member_reply, released; resumes after Last-Event-ID.",
    query: z.object(streamQuery),
    responds: "json-or-sse",
  }),
  takeoverConversation: defineRoute({
    method: "POST",
    path: "/api/v1/agent/conversation/:id/takeover",
    auth: "user",
    summary: "A member takes the conversation over; held by another member, a 409 naming them.",
    params: conversationParam,
    notFound: "conversation_not_found",
    data: inboxItemSchema,
  }),
  replyConversation: defineRoute({
    method: "POST",
    path: "/api/v1/agent/conversation/:id/reply",
    auth: "user",
    summary: "The holder's reply (markdown, rendered like an answer), sent live to the visitor.",
    params: conversationParam,
    notFound: "conversation_not_found",
    body: z.object({ content: block(MAX_REPLY_CHARS).pipe(z.string().min(1)) }),
    bodyLimit: jsonLimitFor(MAX_REPLY_CHARS),
    data: liveMessageSchema,
  }),
  typingConversation: defineRoute({
    method: "POST",
    path: "/api/v1/agent/conversation/:id/typing",
    auth: "user",
    summary: "The holder is typing: the visitor's stream says so.",
    params: conversationParam,
    notFound: "conversation_not_found",
    data: z.object({ ok: z.boolean() }),
  }),
  releaseConversation: defineRoute({
    method: "POST",
    path: "/api/v1/agent/conversation/:id/release",
    auth: "user",
    summary: "Gives the conversation back to the agent; the visitor is told the assistant is back.",
    params: conversationParam,
    notFound: "conversation_not_found",
    data: inboxItemSchema,
  }),
};
