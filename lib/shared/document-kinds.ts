/** What a document is and where its learning stands (AGENT-2 … AGENT-4); the schema stores one of these. */
export const documentTypes = [
  "txt",
  "pdf",
  "html",
  "xlsx",
  "xls",
  "docx",
  "csv",
  "md",
  "text",
  "url",
] as const;
export type DocumentType = (typeof documentTypes)[number];
export const documentStatuses = ["processing", "completed", "failed"] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** How often a website document is crawled again (issue 44); files and texts never are. */
export const recrawlSchedules = ["manual", "daily", "weekly"] as const;
export type RecrawlSchedule = (typeof recrawlSchedules)[number];

/** What the last crawl of a website found; `error` is the reason key of a crawl that failed. */
export type CrawlOutcome = {
  changed: number;
  added: number;
  removed: number;
  unchanged: number;
  error?: string | null;
};
