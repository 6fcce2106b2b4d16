import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { plans } from "@/lib/billing/plan-limits";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { agents, crawlPages, documents } from "@/lib/db/schema";
import { CrawlError, type CrawlPage, crawlMessage, crawlSite, normalizeUrl } from "@/lib/ingest/crawl";
import { agentUsage } from "@/lib/limits/agent-usage";
import { currentLimits } from "@/lib/limits/entitlement";
import { logger } from "@/lib/logger";
import { configuredEmbedder } from "@/lib/retrieval/embedder";
import { replacePagesPassages } from "@/lib/retrieval/passages";
import type { CrawlOutcome } from "@/lib/shared/document-kinds";
import { pagesOf, upsertCrawlPages } from "./crawl-pages";
import { pagePassages, pageRow } from "./crawl-passages";
import { claimCrawl, recordCrawl, releaseCrawl } from "./recrawl-state";

const log = logger("ingest");

/** Pages whose passages are swapped in one transaction: each page's swap is whole, the batch short. */
const SWAP_PAGES = 20;

/** A page that answers one of these is gone: its passages go. Any other failure keeps the last good ones. */
const GONE = new Set(["http_404", "http_410"]);
/** Skips that mean the page no longer holds text of its own. A page robots.txt now refuses is kept. */
const DROPPED = new Set(["noindex", "no_text", "not_html", "duplicate", "off_site"]);

/**
 * Crawls a learned website again (issue 44). Each known page is asked with its stored ETag and
 * Last-Modified; one that answers 304, or the same text, is left untouched. A changed page's passages are
 * swapped in one transaction (the agent answers from the old page or the new one, never from neither);
 * new pages are added within the plan's pages and characters; pages that answer 404/410, or that a
 * complete crawl no longer reaches, are removed. Nothing is changed unless the start page was read: a
 * site that fails (DNS, 5xx, robots.txt, a timeout) keeps everything it had and records why.
 * Returns the outcome, or null when the document is not a learned website or a crawl of it is running.
 */
export async function recrawlWebsite(db: Db, documentId: string): Promise<CrawlOutcome | null> {
  const [current] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (current?.type !== "url" || current.status !== "completed" || !current.sourceUrl) return null;
  const doc = await claimCrawl(db, documentId);
  if (!doc) return null;
  try {
    const outcome = await crawlAndApply(db, doc);
    await recordCrawl(db, doc, outcome);
    return outcome;
  } catch (err) {
    await releaseCrawl(db, doc.id).catch(() => {});
    throw err;
  }
}

async function crawlAndApply(db: Db, doc: typeof documents.$inferSelect): Promise<CrawlOutcome> {
  const [agent] = await db.select({ ownerId: agents.ownerId }).from(agents).where(eq(agents.id, doc.agentId));
  const limits = agent ? await currentLimits(db, agent.ownerId) : plans.free;
  const room = limits.charactersPerAgent - (await agentUsage(db, doc.agentId, doc.id)).characters;

  const before = await pagesOf(db, doc.id);
  const learned = new Map(before.filter((p) => p.status === "completed").map((p) => [p.url, p]));
  const reached = new Map<string, CrawlPage>();
  const start = normalizeUrl(doc.sourceUrl ?? "") ?? doc.sourceUrl ?? "";

  let result: Awaited<ReturnType<typeof crawlSite>> | null = null;
  let failure: string | null = null;
  try {
    result = await crawlSite(start, {
      maxPages: limits.crawlPagesPerSite,
      allowPrivate: config().CRAWLER_ALLOW_PRIVATE,
      known: (url) => {
        const p = learned.get(url);
        return p
          ? { etag: p.etag, lastModified: p.lastModified, contentHash: p.contentHash, links: p.links }
          : undefined;
      },
      onPage: (page) => {
        reached.set(page.url, page);
      },
    });
  } catch (err) {
    if (!(err instanceof CrawlError)) throw err;
    failure = crawlMessage(err.key).key;
  }
  const first = reached.get(start);
  if (!failure && (!first || (first.status !== "completed" && first.status !== "unchanged"))) {
    failure = crawlMessage(first?.error ?? "url_unreachable").key;
  }
  if (failure || !result) {
    log.warn(`re-crawl of document ${doc.id} failed (${failure}); its last pages are kept`);
    return { changed: 0, added: 0, removed: 0, unchanged: 0, error: failure ?? "crawl_url_unreachable" };
  }

  const outcome: CrawlOutcome = { changed: 0, added: 0, removed: 0, unchanged: 0, error: null };
  const swaps: CrawlPage[] = [];
  const touched: CrawlPage[] = [];
  const removed: string[] = [];
  let characters = 0;
  for (const old of learned.values()) {
    const page = reached.get(old.url);
    const gone = page
      ? (page.status === "failed" && GONE.has(page.error ?? "")) ||
        (page.status === "skipped" && DROPPED.has(page.error ?? ""))
      : // Not reached: gone from the site's links, but only a crawl that went everywhere can say so.
        result.stoppedBy === "exhausted";
    if (gone) {
      removed.push(old.id);
      continue;
    }
    if (page?.status === "completed" && page.contentHash !== old.contentHash) {
      swaps.push(page);
      characters += page.characters;
      outcome.changed++;
      continue;
    }
    // 304, the same text, a passing failure or a page robots.txt now refuses: as it was.
    characters += old.characters;
    if (page?.status === "completed" || page?.status === "unchanged") {
      outcome.unchanged++;
      // New validators for the same text: the next crawl asks with them.
      if (page.status === "completed") touched.push(page);
    }
  }
  const added: CrawlPage[] = [];
  for (const page of reached.values()) {
    if (learned.has(page.url)) continue;
    if (page.status === "completed") {
      // New pages within what the plan leaves the agent; a changed page is never the one refused.
      if (characters + page.characters > room) continue;
      characters += page.characters;
      swaps.push(page);
      outcome.added++;
    } else if (page.status !== "unchanged") added.push(page);
  }
  outcome.removed = removed.length;

  // Rows first (validators, new hashes, new pages), then each batch of pages swaps its passages at once.
  const rows = await upsertCrawlPages(
    db,
    [...swaps, ...touched, ...added].map((p) => pageRow(doc.id, p)),
  );
  const idOf = new Map(rows.map((r) => [r.url, r.id]));
  for (let i = 0; i < swaps.length; i += SWAP_PAGES) {
    const batch = swaps.slice(i, i + SWAP_PAGES);
    const pages = [];
    for (const page of batch)
      pages.push({ pageId: idOf.get(page.url)!, passages: (await pagePassages(page)) ?? [] });
    await replacePagesPassages(db, {
      agentId: doc.agentId,
      documentId: doc.id,
      pages,
      embedder: configuredEmbedder(),
    });
  }
  // A removed page's passages go with its row (cascade), in one statement.
  if (removed.length > 0) {
    await db
      .delete(crawlPages)
      .where(and(eq(crawlPages.documentId, doc.id), inArray(crawlPages.id, removed)));
  }
  await db.update(documents).set({ characters }).where(eq(documents.id, doc.id));
  return outcome;
}
