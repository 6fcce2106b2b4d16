import type { ConversationRow, MessageRow } from "./data";
import { zonedIso } from "./time";

/** The columns of messages.csv: the history download's, with the conversation's title and channel. */
export const MESSAGE_COLUMNS = [
  "conversation_id",
  "conversation_title",
  "channel",
  "time",
  "role",
  "text",
  "sources",
  "feedback",
  "feedback_comment",
] as const;

export function messageCells(c: ConversationRow, m: MessageRow, tz: string): string[] {
  return [
    c.publicId,
    c.title,
    c.channel,
    zonedIso(m.insertedAt, tz),
    m.role,
    m.content,
    m.sources.map((s) => s.title).join(" | "),
    m.feedbackHelpful === null ? "" : m.feedbackHelpful ? "helpful" : "unhelpful",
    m.feedbackComment ?? "",
  ];
}

/** One RFC 4180 line (CRLF); a cell that starts like a formula is defused (CSV injection). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(cell).join(",")}\r\n`;
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
