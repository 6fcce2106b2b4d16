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

/** What a re-crawl keeps of each page it reached: no text (a large site's pages are not held in memory). */
type Reached = Pick<CrawlPage, "url" | "status" | "error" | "contentHash">;

async function crawlAndApply(db: Db, doc: typeof documents.$inferSelect): Promise<CrawlOutcome> {
  const [agent] = await db.select({ ownerId: agents.ownerId }).from(agents).where(eq(agents.id, doc.agentId));
  const limits = agent ? await currentLimits(db, agent.ownerId) : plans.free;
  const room = limits.charactersPerAgent - (await agentUsage(db, doc.agentId, doc.id)).characters;

  const before = await pagesOf(db, doc.id);
  const learned = new Map(before.filter((p) => p.status === "completed").map((p) => [p.url, p]));
  const reached = new Map<string, Reached>();
  const start = normalizeUrl(doc.sourceUrl ?? "") ?? doc.sourceUrl ?? "";
  const outcome: CrawlOutcome = { changed: 0, added: 0, removed: 0, unchanged: 0, error: null };
  // As if every page stays; a change moves it by the difference, a removal (at the end) takes it off.
  let characters = [...learned.values()].reduce((n, p) => n + p.characters, 0);

  // Nothing is written until the start page has been read: a site that fails there keeps everything.
  // Until then the few pages read alongside it wait here; after, pages are written in small batches.
  let started = false as boolean;
  let waiting: CrawlPage[] = [];
  const stop = new AbortController();
  const write = async (pages: CrawlPage[]) => {
    if (pages.length === 0) return;
    const rows = await upsertCrawlPages(
      db,
      pages.map((p) => pageRow(doc.id, p)),
    );
    const idOf = new Map(rows.map((r) => [r.url, r.id]));
    const swaps = [];
    for (const page of pages) {
      const passages = await pagePassages(page);
      if (passages) swaps.push({ pageId: idOf.get(page.url)!, passages });
    }
    // Each page's old passages go and its new ones come in one transaction.
    await replacePagesPassages(db, {
      agentId: doc.agentId,
      documentId: doc.id,
      pages: swaps,
      embedder: configuredEmbedder(),
    });
  };
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    await write(batch);
  };

  const onPage = async (page: CrawlPage) => {
    reached.set(page.url, {
      url: page.url,
      status: page.status,
      error: page.error,
      contentHash: page.contentHash,
    });
    const old = learned.get(page.url);
    if (page.status === "completed") {
      if (old && page.contentHash === old.contentHash) {
        // The same text under new validators (or new links): the row is updated, the passages are not.
        waiting.push({ ...page, sections: undefined, status: "completed" });
      } else if (old) {
        characters += page.characters - old.characters;
        outcome.changed++;
        waiting.push(page);
      } else if (characters + page.characters <= room) {
        // New pages within what the plan leaves the agent; a changed page is never the one refused.
        characters += page.characters;
        outcome.added++;
        waiting.push(page);
      } else reached.delete(page.url);
    } else if (page.status !== "unchanged" && !old) {
      // A new address that failed or was skipped is listed with its reason, as on a first crawl.
      waiting.push(page);
    }
    if (page.url === start) {
      started = page.status === "completed" || page.status === "unchanged";
      // The site failed: the rest of the crawl would change nothing.
      if (!started) stop.abort(new CrawlError("url_unreachable"));
    }
    if (started && waiting.length >= SWAP_PAGES) await flush();
  };

  let result: Awaited<ReturnType<typeof crawlSite>> | null = null;
  let failure: string | null = null;
  try {
    result = await crawlSite(start, {
      maxPages: limits.crawlPagesPerSite,
      allowPrivate: config().CRAWLER_ALLOW_PRIVATE,
      signal: stop.signal,
      known: (url) => {
        const p = learned.get(url);
        return p
          ? { etag: p.etag, lastModified: p.lastModified, contentHash: p.contentHash, links: p.links }
          : undefined;
      },
      onPage,
    });
  } catch (err) {
    if (!(err instanceof CrawlError)) throw err;
    failure = crawlMessage(err.key).key;
  }
  const first = reached.get(start);
  if (!first || (first.status !== "completed" && first.status !== "unchanged")) {
    failure = crawlMessage(first?.error ?? "url_unreachable").key;
  }
  if (failure || !result || !started) {
    log.warn(`re-crawl of document ${doc.id} failed (${failure}); its last pages are kept`);
    return { changed: 0, added: 0, removed: 0, unchanged: 0, error: failure ?? "crawl_url_unreachable" };
  }
  await flush();

  const removed: string[] = [];
  for (const old of learned.values()) {
    const page = reached.get(old.url);
    const gone = page
      ? (page.status === "failed" && GONE.has(page.error ?? "")) ||
        (page.status === "skipped" && DROPPED.has(page.error ?? ""))
      : // Not reached: gone from the site's links, but only a crawl that went everywhere can say so.
        result.stoppedBy === "exhausted";
    if (gone) {
      removed.push(old.id);
      characters -= old.characters;
    } else if (
      page?.status === "unchanged" ||
      (page?.status === "completed" && page.contentHash === old.contentHash)
    ) {
      outcome.unchanged++;
    }
  }
  outcome.removed = removed.length;
  // A removed page's passages go with its row (cascade), in one statement.
  if (removed.length > 0) {
    await db
      .delete(crawlPages)
      .where(and(eq(crawlPages.documentId, doc.id), inArray(crawlPages.id, removed)));
  }
  await db
    .update(documents)
    .set({ characters: Math.max(0, characters) })
    .where(eq(documents.id, doc.id));
  return outcome;
}
