import "server-only";
import { isoInZone } from "./days";
import type { ExportRow } from "./history";

/**
 * History downloads (HIST-2): CSV that Excel opens with Vietnamese intact (UTF-8 with a byte-order mark,
 * RFC 4180 quoting) and JSON with the same fields. A cell that starts like a formula is defused.
 */
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
