import { z } from "zod";
import {
  type DocumentStatus,
  type DocumentType,
  type RecrawlSchedule,
  recrawlSchedules,
} from "@/lib/shared/document-kinds";
import { cleanLine } from "@/lib/shared/text-hygiene";
import { defineRoute, type Same } from "./contract";
import { instant, jsonLimitFor, maxChars } from "./fields";

/**
 * Training the agent (AGENT-2 … AGENT-6): the owner's documents. The product says "training" and "files";
 * the API says `document`.
 */

const documentTypes = ["txt", "pdf", "html", "xlsx", "xls", "docx", "csv", "md", "text", "url"] as const;
const documentStatuses = ["processing", "completed", "failed"] as const;
const _typesMatchDatabase: Same<(typeof documentTypes)[number], DocumentType> = true;
const _statusesMatchDatabase: Same<(typeof documentStatuses)[number], DocumentStatus> = true;
const _schedulesMatchDatabase: Same<(typeof recrawlSchedules)[number], RecrawlSchedule> = true;

export const recrawlSchema = z
  .enum(recrawlSchedules)
  .describe("how often a website is crawled again: manual (only when asked), daily or weekly");

/** What a website's last crawl found (issue 44). */
export const lastCrawlSchema = z.object({
  changed: z.number().describe("pages whose text changed and was replaced"),
  added: z.number().describe("pages new since the crawl before"),
  removed: z.number().describe("pages gone from the site, removed with what was learned from them"),
  unchanged: z.number().describe("pages found as they were, left untouched"),
  error: z
    .string()
    .nullable()
    .describe("why the last crawl failed, in the reader's language; the pages learned before are kept"),
});

/** One row of the files page, in the spec's field names. */
export const documentSchema = z.object({
  id: z.string().describe("the document's uuid"),
  name: z.string().describe("the file name, the text's title, or the website's address"),
  type: z.enum(documentTypes),
  size: z.number().describe("bytes"),
  status: z.enum(documentStatuses),
  error: z
    .string()
    .nullable()
    .describe("why it failed; on a completed document, a note (only the beginning was learned, and why)"),
  characters: z.number().describe("characters learned"),
  pages: z.number().nullable().describe("a website's pages read so far; null for files and texts"),
  inserted_at: instant,
  upgrade_url: z.string().optional().describe("present when a plan limit is the reason: where to lift it"),
  recrawl: recrawlSchema.nullable().describe("a website's re-crawl schedule; null for files and texts"),
  last_crawled_at: instant.nullable().describe("when a website was last crawled; null for files and texts"),
  next_crawl_at: instant
    .nullable()
    .describe("when the schedule crawls a website next; null when manual, and for files and texts"),
  crawling: z.boolean().describe('true from a website\'s "Crawl now" until that crawl ends'),
  last_crawl: lastCrawlSchema.nullable().describe("what a website's last crawl found; null before one"),
});
export type DocumentListItem = z.infer<typeof documentSchema>;

export const rejectionSchema = z.object({
  name: z.string(),
  message: z.string().describe("why it was not added, for people"),
  detail: z.string().optional(),
  upgrade_url: z.string().optional().describe("present when a plan limit refused it"),
});
export type Rejection = z.infer<typeof rejectionSchema>;

/** Which items got in and why the others did not: one bad file never costs the others. */
export const addResultSchema = z.object({
  accepted: z.array(documentSchema),
  rejected: z.array(rejectionSchema),
});
export type AddResult = z.infer<typeof addResultSchema>;

export const trainingSummarySchema = z.object({
  processing: z.number(),
  completed: z.number(),
  failed: z.number(),
  characters: z.number().describe("characters learned over all documents"),
});
export type TrainingSummary = z.infer<typeof trainingSummarySchema>;

export const crawledPageSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  status: z.string().describe("the page's own crawl status"),
  error: z.string().nullable(),
  characters: z.number(),
});
export type CrawledPage = z.infer<typeof crawledPageSchema>;

const TITLE_MAX = 200;
const SNIPPET_MAX = 200_000;
const URL_MAX = 2048;

export const addDocumentSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    // A title is shown as a document's name: one line, no direction marks.
    title: z.string().overwrite(cleanLine).min(1).pipe(maxChars(TITLE_MAX)).describe("the snippet's name"),
    content: z.string().trim().min(1).pipe(maxChars(SNIPPET_MAX)),
  }),
  z.object({
    type: z.literal("url"),
    url: z.string().trim().min(1).max(URL_MAX).describe("a website to crawl"),
  }),
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Anything that cannot be a document id is simply not found. */
const documentParams = z.object({
  id: z
    .string()
    .regex(UUID)
    .transform((s) => s.toLowerCase())
    .describe("the document's uuid"),
});

export const trainingContracts = {
  listDocuments: defineRoute({
    method: "GET",
    path: "/api/v1/agent/documents",
    auth: "owner-agent",
    summary: "The agent's documents, newest first, 20 a page.",
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).catch(1).describe("1-based; anything else is 1"),
    }),
    data: z.array(documentSchema),
    meta: z.object({ page: z.number(), total_pages: z.number(), summary: trainingSummarySchema }),
  }),
  addDocuments: defineRoute({
    method: "POST",
    path: "/api/v1/agent/document",
    auth: "owner-agent",
    summary: "Files as multipart (field `files`, many at once), or JSON for a text snippet or a website.",
    body: addDocumentSchema,
    /** Sized for the longest snippet the schema allows, however its characters are encoded. */
    bodyLimit: jsonLimitFor(TITLE_MAX + SNIPPET_MAX),
    upload: true,
    data: addResultSchema,
  }),
  deleteDocument: defineRoute({
    method: "DELETE",
    path: "/api/v1/agent/document/:id",
    auth: "owner-agent",
    summary: "Removes a document, what the agent learned from it and its stored original.",
    params: documentParams,
    notFound: "document_not_found",
    data: z.object({ id: z.string() }),
  }),
  retryDocument: defineRoute({
    method: "POST",
    path: "/api/v1/agent/document/:id/retry",
    auth: "owner-agent",
    summary: "Learns a failed document again; for a website, crawls it again.",
    params: documentParams,
    notFound: "document_not_found",
    data: documentSchema,
  }),
  updateDocument: defineRoute({
    method: "PATCH",
    path: "/api/v1/agent/document/:id",
    auth: "owner-agent",
    summary:
      "Sets a website's re-crawl schedule (manual, daily or weekly; daily on paid plans). Files and texts are refused (422).",
    params: documentParams,
    notFound: "document_not_found",
    body: z.object({ recrawl: recrawlSchema }),
    data: documentSchema,
  }),
  recrawlDocument: defineRoute({
    method: "POST",
    path: "/api/v1/agent/document/:id/recrawl",
    auth: "owner-agent",
    summary:
      "Crawls a learned website again now: 409 while a crawl runs, 429 when asked again within a few minutes.",
    params: documentParams,
    notFound: "document_not_found",
    data: documentSchema,
  }),
  documentPages: defineRoute({
    method: "GET",
    path: "/api/v1/agent/document/:id/pages",
    auth: "owner-agent",
    summary: "Each page a website crawl found, with its status.",
    params: documentParams,
    notFound: "document_not_found",
    data: z.array(crawledPageSchema),
  }),
};
