import { z } from "zod";
import { conversationSchema } from "./chat";
import { defineRoute } from "./contract";
import { calendarDay, instant } from "./fields";

/**
 * The owner's history and insight (HIST-1 … HIST-3, docs/history-api.md). Days are calendar days in the
 * owner's time zone: `tz` (an IANA name), else the zone saved for them, else UTC. The query fields are read
 * as given and checked by the history code, whose errors name what is wrong (`history_date_invalid`, …).
 */

const tz = z.string().optional().describe("IANA time zone; the owner's saved zone when absent");
const range = z.object({
  // Required: the handlers refuse a range without both ends (lib/history/days.ts), so the schema says so
  // and the reference page's Required column agrees. Their shape is still checked there (named errors).
  from: z.string().describe("first day, YYYY-MM-DD"),
  to: z.string().describe("last day, YYYY-MM-DD, at most 400 days after from"),
  tz,
});

export const dayCountSchema = z.object({
  date: calendarDay,
  conversations: z.number(),
  messages: z.number(),
});
export type DayCount = z.infer<typeof dayCountSchema>;

export const unansweredSchema = z.object({
  question: z.string(),
  count: z.number().describe("times asked (questions folded alike count as one)"),
  last_asked_at: instant,
  conversation_id: z.string(),
  message_id: z.string(),
});
export type UnansweredQuestion = z.infer<typeof unansweredSchema>;

import { REFUSAL_REASONS } from "./values";

export { REFUSAL_REASONS };
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Public-chat messages the abuse limits refused on one day, in all and by reason (CHAT-8). */
export const refusedDaySchema = z.object({ date: calendarDay, total: z.number() }).extend(
  Object.fromEntries(REFUSAL_REASONS.map((r) => [r, z.number().optional()])) as {
    [K in RefusalReason]: z.ZodOptional<z.ZodNumber>;
  },
);
export type RefusedDay = z.infer<typeof refusedDaySchema>;

export const insightsSchema = z.object({
  days: z.array(dayCountSchema),
  feedback: z.object({ helpful: z.number(), unhelpful: z.number() }),
  unanswered: z.array(unansweredSchema),
  refused: z
    .array(refusedDaySchema)
    .optional()
    .describe("only days that have any; always sent, absent only from servers older than CHAT-8"),
});
export type Insights = z.infer<typeof insightsSchema>;

export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const historyContracts = {
  listConversations: defineRoute({
    method: "GET",
    path: "/api/v1/agent/conversations",
    auth: "owner-agent",
    apiKey: true,
    summary: "The owner's conversations, newest first, on a `last_id` cursor; by day and by words.",
    query: z.object({
      date: z.string().optional().describe("only conversations of this day, YYYY-MM-DD"),
      tz,
      q: z
        .string()
        .optional()
        .transform((q) => q?.trim().slice(0, 200) || null)
        .describe("words the conversation's messages contain (first 200 characters)"),
      last_id: z.string().optional().describe("the last conversation already shown"),
    }),
    data: z.array(conversationSchema),
    meta: z.object({ last_id: z.string().nullable(), has_more: z.boolean() }),
  }),
  conversationDays: defineRoute({
    method: "GET",
    path: "/api/v1/agent/conversations/days",
    auth: "owner-agent",
    apiKey: true,
    summary: "Days that have conversations, for marking a calendar.",
    query: range,
    data: z.array(dayCountSchema),
  }),
  exportDay: defineRoute({
    method: "GET",
    path: "/api/v1/agent/conversations/export",
    auth: "owner-agent",
    apiKey: true,
    summary: "One day's messages as a CSV or JSON download, the 500 latest at most.",
    query: z.object({
      date: z.string().describe("the day, YYYY-MM-DD"),
      format: z.string().optional().describe("csv (the default) or json"),
      tz,
    }),
    responds: "download",
  }),
  insights: defineRoute({
    method: "GET",
    path: "/api/v1/agent/insights",
    auth: "owner-agent",
    apiKey: true,
    summary:
      "Conversations and messages per day, helpful answers, unanswered questions, and refused public messages.",
    query: range,
    data: insightsSchema,
  }),
};
