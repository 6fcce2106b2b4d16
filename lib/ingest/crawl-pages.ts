import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { crawlPages } from "@/lib/db/schema";

export type CrawlPageRow = typeof crawlPages.$inferSelect;

export type CrawlPageInput = {
  documentId: string;
  url: string;
  title?: string | null;
  status: CrawlPageRow["status"];
  error?: string | null;
  characters: number;
  contentHash?: string | null;
  etag?: string | null;
  lastModified?: string | null;
  links?: string[];
};

/**
 * upsertCrawlPage for several pages in one statement (a crawl writes its pages in batches). Addresses are
 * unique within a batch (the crawler visits each once); a repeated one would be refused by Postgres.
 */
export async function upsertCrawlPages(db: Db, pages: CrawlPageInput[]): Promise<CrawlPageRow[]> {
  if (pages.length === 0) return [];
  return db
    .insert(crawlPages)
    .values(
      pages.map((page) => ({
        documentId: page.documentId,
        url: page.url,
        title: page.title ?? null,
        status: page.status,
        error: page.error ?? null,
        characters: page.characters,
        contentHash: page.contentHash ?? null,
        etag: page.etag || null,
        lastModified: page.lastModified || null,
        links: page.links ?? [],
      })),
    )
    .onConflictDoUpdate({
      target: [crawlPages.documentId, crawlPages.url],
      set: {
        title: sql`excluded.title`,
        status: sql`excluded.status`,
        error: sql`excluded.error`,
        characters: sql`excluded.characters`,
        contentHash: sql`excluded.content_hash`,
        etag: sql`excluded.etag`,
        lastModified: sql`excluded.last_modified`,
        links: sql`excluded.links`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
}

/** One row per address per website document: a re-crawl updates rows instead of doubling them. */
export async function upsertCrawlPage(db: Db, page: CrawlPageInput): Promise<CrawlPageRow> {
  const values = {
    title: page.title ?? null,
    status: page.status,
    error: page.error ?? null,
    characters: page.characters,
    contentHash: page.contentHash ?? null,
  };
  const [row] = await db
    .insert(crawlPages)
    .values({ documentId: page.documentId, url: page.url, ...values })
    .onConflictDoUpdate({
      target: [crawlPages.documentId, crawlPages.url],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function pagesOf(db: Db, documentId: string): Promise<CrawlPageRow[]> {
  return db
    .select()
    .from(crawlPages)
    .where(eq(crawlPages.documentId, documentId))
    .orderBy(asc(crawlPages.insertedAt));
}

/** Pages of an earlier crawl that this one did not reach: their passages go with them. */
export async function deletePagesNotIn(db: Db, documentId: string, keep: string[]): Promise<void> {
  const rows = await pagesOf(db, documentId);
  const stale = rows.filter((r) => !keep.includes(r.url)).map((r) => r.id);
  for (const id of stale) {
    await db.delete(crawlPages).where(and(eq(crawlPages.documentId, documentId), eq(crawlPages.id, id)));
  }
}
