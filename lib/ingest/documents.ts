import "server-only";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { DocumentListItem, TrainingSummary } from "@/lib/contracts/training";
import type { Db } from "@/lib/db/client";
import { crawlPages, type DocumentType, documents } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/routing";
import { metrics } from "@/lib/metrics/registry";
import type { RecrawlSchedule } from "@/lib/shared/document-kinds";
import { decodeReason, reasonText, upgradePath } from "./agent-limits";
import { STALE_CRAWL_MS } from "./recrawl-schedule";

export type DocumentRow = typeof documents.$inferSelect;

/** The files page's row (AGENT-6) and the progress totals are their contracts' (lib/contracts/training.ts). */
export type { DocumentListItem, TrainingSummary } from "@/lib/contracts/training";

export const DOCUMENTS_PER_PAGE = 20;

export type NewDocument = {
  agentId: string;
  type: DocumentType;
  name: string;
  size: number;
  contentHash?: string | null;
  storageKey?: string | null;
  sourceUrl?: string | null;
  recrawl?: RecrawlSchedule;
  id?: string;
};

/**
 * Inserts a document unless the agent already has one with the same content hash: null then, which the
 * caller reports as 'Duplicate files'. The unique index decides, so two simultaneous uploads of one file
 * cannot both get in.
 */
export async function insertDocument(db: Db, doc: NewDocument): Promise<DocumentRow | null> {
  const [row] = await db
    .insert(documents)
    .values({ ...doc, status: "processing" })
    .onConflictDoNothing({ target: [documents.agentId, documents.contentHash] })
    .returning();
  return row ?? null;
}

export async function hashesKnown(db: Db, agentId: string, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ hash: documents.contentHash })
    .from(documents)
    .where(and(eq(documents.agentId, agentId), inArray(documents.contentHash, hashes)));
  return new Set(rows.map((r) => r.hash).filter((h): h is string => h !== null));
}

export async function listDocuments(
  db: Db,
  agentId: string,
  page: number,
  perPage = DOCUMENTS_PER_PAGE,
): Promise<{ items: DocumentRow[]; totalPages: number; total: number }> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.agentId, agentId));
  const items = await db
    .select()
    .from(documents)
    .where(eq(documents.agentId, agentId))
    .orderBy(desc(documents.insertedAt), desc(documents.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items, total: n, totalPages: Math.max(1, Math.ceil(n / perPage)) };
}

/** Pages read per website document, for the list's "N pages" in place of a size. */
export async function pagesRead(db: Db, rows: DocumentRow[]): Promise<Map<string, number>> {
  const ids = rows.filter((r) => r.type === "url").map((r) => r.id);
  if (ids.length === 0) return new Map();
  const counted = await db
    .select({ id: crawlPages.documentId, n: count() })
    .from(crawlPages)
    .where(and(inArray(crawlPages.documentId, ids), eq(crawlPages.status, "completed")))
    .groupBy(crawlPages.documentId);
  return new Map(counted.map((c) => [c.id, Number(c.n)]));
}

/** One of the agent's documents; another agent's id is simply not found. */
export async function documentOf(db: Db, agentId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.agentId, agentId), eq(documents.id, id)))
    .limit(1);
  return row ?? null;
}

/** Removes a document; its passages and crawled pages go with it (cascade). Returns what was removed. */
export async function deleteDocument(db: Db, agentId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.agentId, agentId), eq(documents.id, id)))
    .returning();
  return row ?? null;
}

export async function markProcessing(db: Db, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({ status: "processing", error: null, errorDetail: null, attempts: sql`${documents.attempts} + 1` })
    .where(eq(documents.id, id))
    .returning();
  return row ?? null;
}

/**
 * `note` stays on a completed document as its error text: e.g. only the first 500,000 characters learned.
 * This and markFailed are where learning ends, so they count ingestion_jobs_total.
 */
export async function markCompleted(
  db: Db,
  id: string,
  characters: number,
  note: string | null = null,
): Promise<void> {
  await db
    .update(documents)
    .set({ status: "completed", characters, error: note, errorDetail: null, completedAt: sql`now()` })
    .where(eq(documents.id, id));
  metrics().ingestionJobs.inc({ state: "completed" });
}

export async function markFailed(db: Db, id: string, error: string, detail?: string | null): Promise<void> {
  await db
    .update(documents)
    .set({ status: "failed", error, errorDetail: detail?.slice(0, 2000) ?? null })
    .where(eq(documents.id, id));
  metrics().ingestionJobs.inc({ state: "failed" });
}

export function toListItem(
  row: DocumentRow,
  locale: Locale,
  pages: Map<string, number> = new Map(),
): DocumentListItem {
  const item: DocumentListItem = {
    id: row.id,
    name: row.name,
    type: row.type,
    size: row.size,
    status: row.status,
    error: row.error ? reasonText(locale, row.error) : null,
    characters: row.characters,
    pages: row.type === "url" ? (pages.get(row.id) ?? 0) : null,
    inserted_at: row.insertedAt.toISOString(),
    ...crawlFields(row, locale),
  };
  if (row.error && decodeReason(row.error).upgrade) item.upgrade_url = upgradePath(locale);
  return item;
}

/** A website's re-crawl schedule and its last crawl (issue 44); nulls for files and texts. */
function crawlFields(row: DocumentRow, locale: Locale) {
  const website = row.type === "url";
  const recent = (at: Date | null) => at !== null && Date.now() - at.getTime() < STALE_CRAWL_MS;
  // Running, or asked for ("Crawl now") and not yet ended: the list keeps refreshing until it has.
  const asked = row.crawlRequestedAt && (!row.lastCrawledAt || row.crawlRequestedAt > row.lastCrawledAt);
  const crawling =
    website &&
    row.status === "completed" &&
    (recent(row.crawlStartedAt) || (Boolean(asked) && recent(row.crawlRequestedAt)));
  const last = website ? row.lastCrawl : null;
  return {
    recrawl: website ? row.recrawl : null,
    last_crawled_at: website ? (row.lastCrawledAt?.toISOString() ?? null) : null,
    next_crawl_at: website ? (row.nextCrawlAt?.toISOString() ?? null) : null,
    crawling,
    last_crawl: last
      ? {
          changed: last.changed,
          added: last.added,
          removed: last.removed,
          unchanged: last.unchanged,
          error: last.error ? reasonText(locale, last.error) : null,
        }
      : null,
  };
}

/** Totals for the setup page's progress panel: one grouped scan of the agent's index. */
export async function trainingSummary(db: Db, agentId: string): Promise<TrainingSummary> {
  const rows = await db
    .select({
      status: documents.status,
      n: count(),
      characters: sql<number>`coalesce(sum(${documents.characters}), 0)::int`,
    })
    .from(documents)
    .where(eq(documents.agentId, agentId))
    .groupBy(documents.status);
  const summary: TrainingSummary = { processing: 0, completed: 0, failed: 0, characters: 0 };
  for (const r of rows) {
    summary[r.status] = Number(r.n);
    summary.characters += Number(r.characters);
  }
  return summary;
}
