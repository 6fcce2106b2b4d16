import "server-only";
import { and, asc, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import type { CrawlOutcome, RecrawlSchedule } from "@/lib/shared/document-kinds";
import type { DocumentRow } from "./documents";
import { nextCrawlAt, STALE_CRAWL_MS } from "./recrawl-schedule";

/** Not marked running, or marked so long ago that its worker was lost. */
const notRunning = (now: Date) =>
  or(
    isNull(documents.crawlStartedAt),
    lte(documents.crawlStartedAt, new Date(now.getTime() - STALE_CRAWL_MS)),
  );

/**
 * Websites whose scheduled crawl is due: learned (a failed first crawl waits for its owner), on a
 * schedule, not already running. Oldest due first, at most `limit` a pass; the rest wait for the next.
 */
export async function dueWebsites(db: Db, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.type, "url"),
        eq(documents.status, "completed"),
        ne(documents.recrawl, "manual"),
        lte(documents.nextCrawlAt, now),
        notRunning(now),
      ),
    )
    .orderBy(asc(documents.nextCrawlAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Marks the crawl running; null when another is (a second worker, a crawl-now during a scheduled one). */
export async function claimCrawl(db: Db, id: string, now = new Date()): Promise<DocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({ crawlStartedAt: now })
    .where(and(eq(documents.id, id), notRunning(now)))
    .returning();
  return row ?? null;
}

/** The end of a crawl, good or not: when it ran, what it found, when the schedule runs it next. */
export async function recordCrawl(
  db: Db,
  doc: Pick<DocumentRow, "id" | "recrawl">,
  outcome: CrawlOutcome,
  now = new Date(),
): Promise<void> {
  await db
    .update(documents)
    .set({
      lastCrawledAt: now,
      // The schedule as it is now: the owner may have changed it while the crawl ran.
      nextCrawlAt: sql`case ${documents.recrawl}
        when 'daily' then ${nextCrawlAt("daily", now, now)!.toISOString()}::timestamptz
        when 'weekly' then ${nextCrawlAt("weekly", now, now)!.toISOString()}::timestamptz
        else null end`,
      lastCrawl: outcome,
      crawlStartedAt: null,
    })
    .where(eq(documents.id, doc.id));
}

/** Lets the next crawl run (a crawl that threw before recording its outcome). */
export async function releaseCrawl(db: Db, id: string): Promise<void> {
  await db.update(documents).set({ crawlStartedAt: null }).where(eq(documents.id, id));
}

/** The owner's schedule for one of their websites; the next crawl follows from the last. */
export async function setRecrawl(
  db: Db,
  doc: DocumentRow,
  schedule: RecrawlSchedule,
  now = new Date(),
): Promise<DocumentRow> {
  const [row] = await db
    .update(documents)
    .set({ recrawl: schedule, nextCrawlAt: nextCrawlAt(schedule, doc.lastCrawledAt, now) })
    .where(and(eq(documents.id, doc.id), eq(documents.agentId, doc.agentId)))
    .returning();
  return row ?? doc;
}

export type CrawlNowRefusal = { refused: "running" } | { refused: "too_soon"; retryAfter: number };

/**
 * The owner's "Crawl now": taken at most once per `minIntervalSeconds` and never while a crawl runs. The
 * check and the mark are one statement, so two clicks at once cannot both get through.
 */
export async function requestCrawlNow(
  db: Db,
  doc: DocumentRow,
  minIntervalSeconds: number,
  now = new Date(),
): Promise<DocumentRow | CrawlNowRefusal> {
  const since = new Date(now.getTime() - minIntervalSeconds * 1000);
  const [row] = await db
    .update(documents)
    .set({ crawlRequestedAt: now })
    .where(
      and(
        eq(documents.id, doc.id),
        eq(documents.agentId, doc.agentId),
        notRunning(now),
        or(isNull(documents.crawlRequestedAt), lte(documents.crawlRequestedAt, since)),
      ),
    )
    .returning();
  if (row) return row;
  const [current] = await db.select().from(documents).where(eq(documents.id, doc.id));
  const started = current?.crawlStartedAt;
  if (started && started.getTime() > now.getTime() - STALE_CRAWL_MS) return { refused: "running" };
  const requested = current?.crawlRequestedAt?.getTime() ?? now.getTime();
  const retryAfter = Math.max(1, Math.ceil((requested + minIntervalSeconds * 1000 - now.getTime()) / 1000));
  return { refused: "too_soon", retryAfter };
}
