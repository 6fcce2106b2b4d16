import "server-only";
import { createHash } from "node:crypto";
import { CrawlError, type CrawlErrorKey, type CrawlSkipKey } from "./errors";
import { extractReadable, type Section } from "./readable";
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type Robots } from "./robots";
import {
  checkTarget,
  createFetcher,
  type Fetcher,
  type FetchLimits,
  isTextual,
  type Resolve,
} from "./safe-fetch";
import { parseSitemap } from "./sitemap";
import { looksLikePage, normalizeUrl, sameSite } from "./url";

export type CrawlPage = {
  /** the address as queued (normalised); unique within one crawl */
  url: string;
  /** where it ended after redirects */
  finalUrl: string;
  depth: number;
  status: "completed" | "failed" | "skipped";
  error?: CrawlErrorKey | CrawlSkipKey;
  title?: string;
  /** readable text, headings as "## Heading" lines; NFC */
  text?: string;
  sections?: Section[];
  characters: number;
  /** sha256 of the readable text */
  contentHash?: string;
};

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
};

export type CrawlResult = {
  completed: number;
  failed: number;
  skipped: number;
  characters: number;
  /** "page_limit" when pages were left unvisited because the limit was reached */
  stoppedBy: "exhausted" | "page_limit";
};

const MAX_SITEMAP_FILES = 10;
const MAX_QUEUE = 20_000;
const ROBOTS_MAX_BYTES = 512 * 1024;
const REFUSED = new Set<string>(["url_invalid", "url_credentials", "url_port", "url_blocked"]);

/**
 * Crawls one site from `startUrl`: robots.txt first, then the sitemap's pages and the links found,
 * breadth first, at most `maxPages` learned. No storage here: every page goes to `onPage`.
 * Rejects with a CrawlError when the start address itself is unusable, or with the signal's reason.
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
  const robotsByOrigin = new Map<string, Promise<Robots>>();
  const nextSlot = new Map<string, number>();
  const seen = new Set<string>();
  const hashes = new Set<string>();
  const queue: { url: string; depth: number }[] = [];
  const result: CrawlResult = { completed: 0, failed: 0, skipped: 0, characters: 0, stoppedBy: "exhausted" };
  let reported = 0;
  let inFlight = 0;
  let wake: (() => void) | null = null;
  let idle = new Promise<void>((r) => {
    wake = r;
  });
  const notify = () => {
    wake?.();
    idle = new Promise<void>((r) => {
      wake = r;
    });
  };

  const robotsFor = (url: string): Promise<Robots> => {
    const origin = new URL(url).origin;
    let robots = robotsByOrigin.get(origin);
    if (!robots) {
      robots = loadRobots(fetcher, origin, signal);
      robotsByOrigin.set(origin, robots);
    }
    return robots;
  };

  const enqueue = (raw: string, base: string | undefined, depth: number) => {
    const url = normalizeUrl(raw, base);
    if (!url || seen.has(url) || queue.length >= MAX_QUEUE) return;
    if (!sameSite(url, start) || !looksLikePage(url)) return;
    seen.add(url);
    queue.push({ url, depth });
  };

  const report = async (page: CrawlPage) => {
    reported++;
    if (page.status === "completed") {
      result.completed++;
      result.characters += page.characters;
    } else if (page.status === "failed") result.failed++;
    else result.skipped++;
    await options.onPage?.(page);
  };

  /** Spaces requests to one origin by its Crawl-delay, whatever the concurrency. */
  const pace = async (url: string, robots: Robots) => {
    if (!robots.crawlDelay) return;
    const origin = new URL(url).origin;
    const delay = Math.min(robots.crawlDelay * 1000, maxDelayMs);
    const now = Date.now();
    const slot = Math.max(now, nextSlot.get(origin) ?? now);
    nextSlot.set(origin, slot + delay);
    if (slot > now) await sleep(slot - now, signal);
  };

  const visit = async ({ url, depth }: { url: string; depth: number }) => {
    const base = { url, finalUrl: url, depth, characters: 0 };
    let robots: Robots;
    try {
      robots = await robotsFor(url);
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      const key = err instanceof CrawlError ? err.key : "url_unreachable";
      return report({ ...base, status: "failed", error: key });
    }
    if (!robots.isAllowed(url)) {
      return report({ ...base, status: "skipped", error: "robots_disallowed" });
    }
    await pace(url, robots);
    let fetched: Awaited<ReturnType<Fetcher["fetch"]>>;
    try {
      fetched = await fetcher.fetch(url, { signal });
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      const key = err instanceof CrawlError ? err.key : "url_unreachable";
      return report({ ...base, status: key === "not_html" ? "skipped" : "failed", error: key });
    }
    const finalUrl = normalizeUrl(fetched.url) ?? fetched.url;
    seen.add(finalUrl);
    const page = { ...base, finalUrl };
    if (!sameSite(finalUrl, start)) return report({ ...page, status: "skipped", error: "off_site" });
    if (finalUrl !== url && !(await robotsFor(finalUrl).catch(() => DISALLOW_ALL)).isAllowed(finalUrl)) {
      return report({ ...page, status: "skipped", error: "robots_disallowed" });
    }
    const kind = pageKind(fetched.mime, fetched.body);
    if (kind === "other") return report({ ...page, status: "skipped", error: "not_html" });
    const readable =
      kind === "html" ? extractReadable(fetched.body, finalUrl) : plainText(fetched.body.normalize("NFC"));
    if (!readable.nofollow && depth < maxDepth) {
      for (const link of readable.links) enqueue(link, undefined, depth + 1);
    }
    if (readable.noindex) return report({ ...page, status: "skipped", error: "noindex" });
    if (!readable.text.trim()) return report({ ...page, status: "skipped", error: "no_text" });
    const contentHash = createHash("sha256").update(readable.text).digest("hex");
    if (hashes.has(contentHash)) {
      return report({ ...page, status: "skipped", error: "duplicate", title: readable.title, contentHash });
    }
    hashes.add(contentHash);
    return report({
      ...page,
      status: "completed",
      title: readable.title,
      text: readable.text,
      sections: readable.sections,
      characters: readable.text.length,
      contentHash,
    });
  };

  const worker = async () => {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      // Never start more fetches than pages may still be learned: the limit is exact.
      const room = result.completed + inFlight < maxPages && reported + inFlight < maxReported;
      const item = room ? queue.shift() : undefined;
      if (!item) {
        if (inFlight === 0) return;
        await idle;
        continue;
      }
      inFlight++;
      try {
        await visit(item);
      } finally {
        inFlight--;
        notify();
      }
    }
  };

  try {
    checkTarget(new URL(start), allowPrivate);
    let robots: Robots = ALLOW_ALL;
    try {
      robots = await robotsFor(start);
    } catch (err) {
      // An address that may not be fetched at all ends the crawl; a site that does not answer is
      // reported on its start page like any other failure.
      if (!(err instanceof CrawlError) || REFUSED.has(err.key)) throw err;
    }
    seen.add(start);
    queue.push({ url: start, depth: 0 });
    for (const page of await sitemapPages(fetcher, start, robots, maxPages * 4, signal))
      enqueue(page, undefined, 1);
    await Promise.all(
      Array.from({ length: concurrency }, () =>
        worker().catch((err) => {
          stop.abort(err);
          notify();
          throw err;
        }),
      ),
    );
    if (queue.length > 0) result.stoppedBy = "page_limit";
    return result;
  } catch (err) {
    throw signal.aborted && options.signal?.aborted ? options.signal.reason : err;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    await fetcher.close().catch(() => {});
  }
}

/**
 * RFC 9309: no robots.txt (4xx) allows everything; a server error means "assume everything is
 * disallowed" rather than guess. No answer at all rejects, so each page of that origin fails with
 * the real reason (unreachable, timeout, refused) instead of a misleading "disallowed".
 */
async function loadRobots(fetcher: Fetcher, origin: string, signal: AbortSignal): Promise<Robots> {
  try {
    const res = await fetcher.fetch(`${origin}/robots.txt`, {
      signal,
      accept: () => true,
      maxBytes: ROBOTS_MAX_BYTES,
    });
    return parseRobots(res.body);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    if (!(err instanceof CrawlError)) throw err;
    const status = /^http_(\d+)$/.exec(err.key);
    if (status) return Number(status[1]) < 500 ? ALLOW_ALL : DISALLOW_ALL;
    if (err.key === "too_large" || err.key === "too_many_redirects") return ALLOW_ALL;
    throw err;
  }
}

/** Pages listed by the site's sitemaps (robots.txt's Sitemap lines, else /sitemap.xml), indexes followed. */
async function sitemapPages(
  fetcher: Fetcher,
  start: string,
  robots: Robots,
  limit: number,
  signal: AbortSignal,
): Promise<string[]> {
  const declared = robots.sitemaps.map((s) => normalizeUrl(s, start)).filter((s): s is string => !!s);
  // The declared ones were named by the site itself; the customary place is only asked if robots.txt allows it.
  const fallback = new URL("/sitemap.xml", start).href;
  const todo = declared.length ? declared : robots.isAllowed(fallback) ? [fallback] : [];
  const done = new Set<string>();
  const pages: string[] = [];
  while (todo.length && done.size < MAX_SITEMAP_FILES && pages.length < limit) {
    const url = todo.shift()!;
    if (done.has(url) || !sameSite(url, start)) continue;
    done.add(url);
    try {
      const res = await fetcher.fetch(url, { signal, accept: isTextual });
      const map = parseSitemap(res.body, limit);
      pages.push(...map.pages.slice(0, limit - pages.length));
      for (const s of map.sitemaps) {
        const next = normalizeUrl(s, url);
        if (next) todo.push(next);
      }
    } catch {
      if (signal.aborted) throw signal.reason;
      // A missing or broken sitemap only means fewer seeds: links still lead the way.
    }
  }
  return pages;
}

function pageKind(mime: string, body: string): "html" | "text" | "other" {
  if (mime === "text/html" || mime === "application/xhtml+xml") return "html";
  if (mime === "text/plain") return "text";
  if (mime === "" && /^\s*</.test(body) && /<(html|body|p|div|h1|title)\b/i.test(body)) return "html";
  return "other";
}

function plainText(text: string) {
  const clean = text.replace(/\r\n?/g, "\n").trim();
  return {
    title: clean.split("\n", 1)[0]?.slice(0, 200) ?? "",
    text: clean,
    sections: clean ? [{ heading: null, level: 0, text: clean }] : [],
    links: [] as string[],
    noindex: false,
    nofollow: false,
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
