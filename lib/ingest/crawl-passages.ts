import "server-only";
import type { CrawlPage } from "@/lib/ingest/crawl";
import { crawlMessage } from "@/lib/ingest/crawl";
import { chunkInTurns } from "@/lib/retrieval/chunk";
import type { PassageInput } from "@/lib/retrieval/passages";
import type { CrawlPageInput } from "./crawl-pages";

/** A crawled page as its stored row: status, reason key, validators and links for the next re-crawl. */
export function pageRow(documentId: string, page: CrawlPage): CrawlPageInput {
  return {
    documentId,
    url: page.url,
    title: page.title,
    status: page.status === "unchanged" ? "completed" : page.status,
    error: page.error ? crawlMessage(page.error).key : null,
    characters: page.status === "completed" ? page.characters : 0,
    contentHash: page.contentHash,
    etag: validator(page.etag),
    lastModified: validator(page.lastModified),
    links: page.links,
  };
}

/** A validator worth keeping: one the next crawl will send (safe-fetch sends none longer than 200). */
const validator = (v: string | undefined) => (v && v.length <= 200 && !/[\r\n]/.test(v) ? v : null);

/** A learned page's passages, each headed by the page's title (and its section's heading). */
export async function pagePassages(page: CrawlPage): Promise<PassageInput[] | null> {
  if (page.status !== "completed" || !page.sections) return null;
  const sections = page.sections.map((s) => ({ heading: s.heading, text: s.text }));
  return (await chunkInTurns(sections)).map((c) => ({
    heading: c.heading ? `${page.title ?? ""} — ${c.heading}`.replace(/^ — /, "") : (page.title ?? null),
    content: c.content,
  }));
}
