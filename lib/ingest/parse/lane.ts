import type { DocumentType } from "../../shared/document-kinds.ts";

/**
 * A small text document: a snippet, or a text, Markdown, CSV or HTML file of at most 64 KB. Learning one
 * takes a moment, so it gets lanes of its own (a worker that takes only these, a parse slot of its own)
 * and never waits behind a long file, whoever sent it. Binary formats are left out: a small zip or PDF can
 * unpack to far more than its size.
 */
export const SMALL_TEXT_BYTES = 64 * 1024;

const TEXT_FORMATS: ReadonlySet<DocumentType> = new Set(["txt", "text", "md", "csv", "html"]);

/** Text, Markdown, CSV and HTML: read by this project's own code, so a parse child may be reused for them. */
export const isTextFormat = (type: DocumentType): boolean => TEXT_FORMATS.has(type);

export const isSmallText = (type: DocumentType, bytes: number): boolean =>
  isTextFormat(type) && bytes <= SMALL_TEXT_BYTES;
