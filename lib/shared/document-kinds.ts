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
