import "server-only";
import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { MessageRow } from "@/lib/chat/conversations";
import type { Db } from "@/lib/db/client";
import { conversations, messages } from "@/lib/db/schema";
import { dayEnd, dayStart, isoInZone } from "./days";

/**
 * History downloads (HIST-2): CSV that Excel opens with Vietnamese intact (UTF-8 with a byte-order mark,
 * RFC 4180 quoting) and JSON with the same fields. A cell that starts like a formula is defused.
 */
export const EXPORT_LIMIT = 500;

export type ExportRow = MessageRow & { conversationPublicId: string };

/** The messages written on one local day, the 500 latest at most, in time order. */
export async function messagesOfDay(db: Db, agentId: string, date: string, tz: string): Promise<ExportRow[]> {
  const rows = await db
    .select({ message: messages, conversationPublicId: conversations.publicId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.agentId, agentId),
        gte(messages.insertedAt, dayStart(date, tz)),
        lt(messages.insertedAt, dayEnd(date, tz)),
      ),
    )
    .orderBy(desc(messages.insertedAt), desc(messages.seq))
    .limit(EXPORT_LIMIT);
  return rows.reverse().map((r) => ({ ...r.message, conversationPublicId: r.conversationPublicId }));
}

export type ExportRecord = {
  conversation_id: string;
  time: string;
  role: "user" | "assistant";
  text: string;
  sources: string[];
  feedback: "helpful" | "unhelpful" | null;
  feedback_comment: string | null;
};

export function exportRecords(rows: ExportRow[], tz: string): ExportRecord[] {
  return rows.map((r) => ({
    conversation_id: r.conversationPublicId,
    time: isoInZone(r.insertedAt, tz),
    role: r.role,
    text: r.content,
    sources: r.sources.map((s) => s.title),
    feedback: r.feedbackHelpful === null ? null : r.feedbackHelpful ? "helpful" : "unhelpful",
    feedback_comment: r.feedbackComment,
  }));
}

const COLUMNS = [
  "conversation_id",
  "time",
  "role",
  "text",
  "sources",
  "feedback",
  "feedback_comment",
] as const;

export function toCsv(records: ExportRecord[]): string {
  const lines = [COLUMNS.join(",")];
  for (const r of records) {
    lines.push(
      [
        r.conversation_id,
        r.time,
        r.role,
        r.text,
        r.sources.join(" | "),
        r.feedback ?? "",
        r.feedback_comment ?? "",
      ]
        .map(cell)
        .join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

function cell(value: string): string {
  // A spreadsheet runs =, +, - and @ at the start of a cell as a formula (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
