import "server-only";
import { createHash } from "node:crypto";
import { CrawlError, type CrawlErrorKey, type CrawlSkipKey } from "./errors";
import type { Frontier, FrontierItem } from "./frontier";
import type { Politeness } from "./politeness";
import { extractReadable, type Section } from "./readable";
import type { Robots } from "./robots";
import { DISALLOW_ALL } from "./robots";
import type { Fetcher } from "./safe-fetch";
import { normalizeUrl, sameSite } from "./url";

export type CrawlPage = {
  /** the address as queued (normalised); unique within one crawl */
  url: string;
  /** where it ended after redirects */
  finalUrl: string;
  depth: number;
  /** "unchanged": a re-crawl's page that answered 304 to its stored validators (no body, no text) */
  status: "completed" | "failed" | "skipped" | "unchanged";
  error?: CrawlErrorKey | CrawlSkipKey;
  title?: string;
  /** readable text, headings as "## Heading" lines; NFC */
  text?: string;
  sections?: Section[];
  characters: number;
  /** sha256 of the readable text */
  contentHash?: string;
  /** the page's validators and the same-site links it holds, kept for the next re-crawl */
  etag?: string;
  lastModified?: string;
  links?: string[];
};

/** What a re-crawl knows of a page from the last crawl. */
export type KnownPage = {
  etag: string | null;
  lastModified: string | null;
  contentHash: string | null;
  links: string[];
};

export type VisitContext = {
  fetcher: Fetcher;
  signal: AbortSignal;
  politeness: Politeness;
  /** Where the links found go (those within `maxDepth`). */
  frontier: Frontier;
  maxDepth: number;
  /** Hashes of the texts learned so far in this crawl: a page with the same text is a duplicate. */
  hashes: Set<string>;
  /** A re-crawl's pages from last time: asked conditionally, and a 304 queues the links stored. */
  known?: (url: string) => KnownPage | undefined;
};

/**
 * One page: allowed by robots.txt, fetched at the site's pace, its links queued, its readable text
 * taken. Every outcome is a page to report; only the crawl's own abort rejects.
 */
export async function visitPage(ctx: VisitContext, { url, depth }: FrontierItem): Promise<CrawlPage> {
  const { signal, politeness, frontier } = ctx;
  const base = { url, finalUrl: url, depth, characters: 0 };
  let robots: Robots;
  try {
    robots = await politeness.robotsFor(url);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    const key = err instanceof CrawlError ? err.key : "url_unreachable";
    return { ...base, status: "failed", error: key };
  }
  if (!robots.isAllowed(url)) return { ...base, status: "skipped", error: "robots_disallowed" };
  await politeness.pace(url, robots);
  const known = ctx.known?.(url);
  let fetched: Awaited<ReturnType<Fetcher["fetch"]>>;
  try {
    fetched = await ctx.fetcher.fetch(url, { signal, validators: known ?? undefined });
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    const key = err instanceof CrawlError ? err.key : "url_unreachable";
    return { ...base, status: key === "not_html" ? "skipped" : "failed", error: key };
  }
  const finalUrl = normalizeUrl(fetched.url) ?? fetched.url;
  frontier.markSeen(finalUrl);
  const page = { ...base, finalUrl };
  if (!sameSite(finalUrl, frontier.start)) return { ...page, status: "skipped", error: "off_site" };
  if (
    finalUrl !== url &&
    !(await politeness.robotsFor(finalUrl).catch(() => DISALLOW_ALL)).isAllowed(finalUrl)
  ) {
    return { ...page, status: "skipped", error: "robots_disallowed" };
  }
  const validators = { etag: fetched.etag, lastModified: fetched.lastModified };
  if (fetched.status === 304 && known) {
    if (depth < ctx.maxDepth) for (const link of known.links) frontier.add(link, undefined, depth + 1);
    if (known.contentHash) ctx.hashes.add(known.contentHash);
    return { ...page, ...validators, status: "unchanged", contentHash: known.contentHash ?? undefined };
  }
  const kind = pageKind(fetched.mime, fetched.body);
  if (kind === "other") return { ...page, status: "skipped", error: "not_html" };
  const readable =
    kind === "html" ? extractReadable(fetched.body, finalUrl) : plainText(fetched.body.normalize("NFC"));
  if (!readable.nofollow && depth < ctx.maxDepth) {
    for (const link of readable.links) frontier.add(link, undefined, depth + 1);
  }
  const links = readable.links.filter((link) => sameSite(link, frontier.start)).slice(0, MAX_LINKS_KEPT);
  if (readable.noindex) return { ...page, status: "skipped", error: "noindex" };
  if (!readable.text.trim()) return { ...page, status: "skipped", error: "no_text" };
  const contentHash = createHash("sha256").update(readable.text).digest("hex");
  if (ctx.hashes.has(contentHash)) {
    return { ...page, status: "skipped", error: "duplicate", title: readable.title, contentHash };
  }
  ctx.hashes.add(contentHash);
  return {
    ...page,
    status: "completed",
    title: readable.title,
    text: readable.text,
    sections: readable.sections,
    characters: readable.text.length,
    contentHash,
    ...validators,
    links,
  };
}

/** Links stored per page for the next re-crawl: enough for any menu, bounded for a link farm. */
const MAX_LINKS_KEPT = 500;

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
