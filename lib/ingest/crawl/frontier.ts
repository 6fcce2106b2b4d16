import "server-only";
import type { Robots } from "./robots";
import { type Fetcher, isTextual } from "./safe-fetch";
import { parseSitemap } from "./sitemap";
import { looksLikePage, normalizeUrl, sameSite } from "./url";

const MAX_SITEMAP_FILES = 10;
const MAX_QUEUE = 20_000;

export type FrontierItem = { url: string; depth: number };

/**
 * The pages of one site still to visit, breadth first: the start page, then its sitemaps' pages and the
 * links found. Each address (normalised) is queued once, and only when it is a page of the same site.
 */
export class Frontier {
  private readonly seen = new Set<string>();
  private readonly queue: FrontierItem[] = [];

  constructor(readonly start: string) {}

  addStart(): void {
    this.seen.add(this.start);
    this.queue.push({ url: this.start, depth: 0 });
  }

  add(raw: string, base: string | undefined, depth: number): void {
    const url = normalizeUrl(raw, base);
    if (!url || this.seen.has(url) || this.queue.length >= MAX_QUEUE) return;
    if (!sameSite(url, this.start) || !looksLikePage(url)) return;
    this.seen.add(url);
    this.queue.push({ url, depth });
  }

  /** An address reached another way (the end of a redirect) is not queued again. */
  markSeen(url: string): void {
    this.seen.add(url);
  }

  next(): FrontierItem | undefined {
    return this.queue.shift();
  }

  get pending(): number {
    return this.queue.length;
  }
}

/** Pages listed by the site's sitemaps (robots.txt's Sitemap lines, else /sitemap.xml), indexes followed. */
export async function sitemapPages(
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
