import "server-only";
import { CrawlError } from "./errors";
import { Frontier, type FrontierItem, sitemapPages } from "./frontier";
import { politeness } from "./politeness";
import { runPool } from "./pool";
import { ALLOW_ALL, type Robots } from "./robots";
import { checkTarget, createFetcher, type FetchLimits, type Resolve } from "./safe-fetch";
import { normalizeUrl } from "./url";
import { type CrawlPage, type KnownPage, visitPage } from "./visit";

export type { CrawlPage, KnownPage } from "./visit";

export type CrawlOptions = {
  /** pages learned at most (the plan's limit) */
  maxPages?: number;
  concurrency?: number;
  /** links followed from the start page; bounds endless calendars and the like */
  maxDepth?: number;
  /** pages reported at most, whatever their status; failures and skips cannot run forever */
  maxReported?: number;
  allowPrivate?: boolean;
  signal?: AbortSignal;
  /** Awaited: a slow store slows the crawl; a throw stops it. */
  onPage?: (page: CrawlPage) => void | Promise<void>;
  resolve?: Resolve;
  limits?: Partial<FetchLimits>;
  /** the longest robots.txt Crawl-delay obeyed, in ms */
  maxCrawlDelayMs?: number;
  userAgent?: string;
  /** A re-crawl: the pages of the last crawl, asked conditionally (If-None-Match / If-Modified-Since). */
  known?: (url: string) => KnownPage | undefined;
};

export type CrawlResult = {
  /** pages learned or, on a re-crawl, found unchanged: what the page limit counts */
  completed: number;
  /** of those, the ones that answered 304 */
  unchanged: number;
  failed: number;
  skipped: number;
  characters: number;
  /** "page_limit" when pages were left unvisited because the limit was reached */
  stoppedBy: "exhausted" | "page_limit";
};

const REFUSED = new Set<string>(["url_invalid", "url_credentials", "url_port", "url_blocked"]);

/**
 * Crawls one site from `startUrl`: robots.txt first, then the sitemap's pages and the links found,
 * breadth first, at most `maxPages` learned. No storage here: every page goes to `onPage`.
 * Rejects with a CrawlError when the start address itself is unusable, or with the signal's reason.
 * The parts: the frontier (what is left to visit), politeness (robots.txt, Crawl-delay), the visit of one
 * page, and a small pool of workers.
 */
export async function crawlSite(startUrl: string, options: CrawlOptions = {}): Promise<CrawlResult> {
  const maxPages = Math.max(1, options.maxPages ?? 50);
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, 16));
  const maxDepth = options.maxDepth ?? 5;
  const maxReported = Math.max(maxPages, options.maxReported ?? maxPages * 2);
  const allowPrivate = options.allowPrivate ?? false;
  const maxDelayMs = options.maxCrawlDelayMs ?? 3_000;

  const start = normalizeUrl(startUrl);
  if (!start) throw new CrawlError("url_invalid");

  // Our own controller stops in-flight work when onPage throws; the caller's signal feeds it.
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  const signal = stop.signal;

  const fetcher = createFetcher({
    ...options.limits,
    allowPrivate,
    resolve: options.resolve,
    userAgent: options.userAgent,
    connections: concurrency,
  });
  const polite = politeness(fetcher, signal, maxDelayMs);
  const frontier = new Frontier(start);
  const visit = {
    fetcher,
    signal,
    politeness: polite,
    frontier,
    maxDepth,
    hashes: new Set<string>(),
    known: options.known,
  };
  const result: CrawlResult = {
    completed: 0,
    unchanged: 0,
    failed: 0,
    skipped: 0,
    characters: 0,
    stoppedBy: "exhausted",
  };
  let reported = 0;

  const report = async (page: CrawlPage) => {
    reported++;
    if (page.status === "completed") {
      result.completed++;
      result.characters += page.characters;
    } else if (page.status === "unchanged") {
      result.completed++;
      result.unchanged++;
    } else if (page.status === "failed") result.failed++;
    else result.skipped++;
    await options.onPage?.(page);
  };

  try {
    checkTarget(new URL(start), allowPrivate);
    let robots: Robots = ALLOW_ALL;
    try {
      robots = await polite.robotsFor(start);
    } catch (err) {
      // An address that may not be fetched at all ends the crawl; a site that does not answer is
      // reported on its start page like any other failure.
      if (!(err instanceof CrawlError) || REFUSED.has(err.key)) throw err;
    }
    frontier.addStart();
    for (const page of await sitemapPages(fetcher, start, robots, maxPages * 4, signal))
      frontier.add(page, undefined, 1);
    await runPool<FrontierItem>({
      concurrency,
      signal,
      // Never start more fetches than pages may still be learned: the limit is exact.
      take: (inFlight) =>
        result.completed + inFlight < maxPages && reported + inFlight < maxReported
          ? frontier.next()
          : undefined,
      work: async (item) => report(await visitPage(visit, item)),
      abort: (err) => stop.abort(err),
    });
    if (frontier.pending > 0) result.stoppedBy = "page_limit";
    return result;
  } catch (err) {
    throw signal.aborted && options.signal?.aborted ? options.signal.reason : err;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    await fetcher.close().catch(() => {});
  }
}
