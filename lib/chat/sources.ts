import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { TtlLru } from "@/lib/cache/ttl-lru";
import type { Db } from "@/lib/db/client";
import { crawlPages, documents } from "@/lib/db/schema";
import { searchTerms } from "@/lib/retrieval/fold";
import type { SearchHit } from "@/lib/retrieval/search";
import type { StoredSource } from "./conversations";

/**
 * Turns retrieved passages into the sources shown under an answer: one per document (or crawled page).
 * The list holds exactly the sources the answer cites, numbered in the order it first cites them.
 */
export type SourcedPassage = SearchHit & {
  /** One source per crawled page, else per document. */
  key: string;
  title: string;
  url: string | null;
};
export type NumberedPassage = SearchHit & { n: number; title: string };

type Titles = {
  docs: { id: string; name: string; url: string | null }[];
  pages: { id: string; name: string | null; url: string }[];
};

/**
 * Titles and addresses of the documents and pages a remembered search found, under the same corpus stamp:
 * removing a document changes the stamp (its passages go), so a removed one is never shown. A title can
 * change without the passages (a page re-crawled unchanged but retitled): that shows within a minute.
 */
const titles = new TtlLru<Promise<Titles>>(2_000, 60_000);

/** Each hit with its document's (or page's) title and address; hits of documents removed meanwhile drop. */
export async function resolveSources(
  db: Db,
  agentId: string,
  hits: SearchHit[],
  corpusVersion: number | null = null,
): Promise<SourcedPassage[]> {
  if (hits.length === 0) return [];
  const docIds = [...new Set(hits.map((h) => h.documentId))];
  const pageIds = [...new Set(hits.map((h) => h.pageId).filter((p): p is string => p !== null))];
  const key = corpusVersion === null ? null : JSON.stringify([agentId, corpusVersion, docIds, pageIds]);
  let found = key ? titles.get(key) : undefined;
  if (!found) {
    found = readTitles(db, agentId, docIds, pageIds);
    if (key) {
      const pending = found;
      titles.set(key, pending);
      pending.catch(() => {
        if (titles.get(key) === pending) titles.delete(key);
      });
    }
  }
  const { docs, pages } = await found;
  const docById = new Map(docs.map((d) => [d.id, d]));
  const pageById = new Map(pages.map((p) => [p.id, p]));
  const out: SourcedPassage[] = [];
  for (const hit of hits) {
    const doc = docById.get(hit.documentId);
    if (!doc) continue; // removed while we searched
    const page = hit.pageId ? pageById.get(hit.pageId) : undefined;
    out.push({
      ...hit,
      key: hit.pageId ?? hit.documentId,
      title: page?.name || page?.url || doc.name,
      url: page?.url ?? doc.url ?? null,
    });
  }
  return out;
}

async function readTitles(db: Db, agentId: string, docIds: string[], pageIds: string[]): Promise<Titles> {
  const [docs, pages] = await Promise.all([
    db
      .select({ id: documents.id, name: documents.name, url: documents.sourceUrl })
      .from(documents)
      .where(and(eq(documents.agentId, agentId), inArray(documents.id, docIds))),
    pageIds.length
      ? db
          .select({ id: crawlPages.id, name: crawlPages.title, url: crawlPages.url })
          .from(crawlPages)
          .where(inArray(crawlPages.id, pageIds))
      : Promise.resolve([]),
  ]);
  return { docs, pages };
}

/**
 * The numbering a language model sees: sources in order of first appearance among the passages. The
 * answer it writes is then renumbered by `citedSources`.
 */
export function numberSources(
  passages: SourcedPassage[],
  question: string,
): { passages: NumberedPassage[]; sources: StoredSource[] } {
  const numberOf = new Map<string, number>();
  const sources: StoredSource[] = [];
  const numbered: NumberedPassage[] = [];
  for (const { key, url, ...hit } of passages) {
    let n = numberOf.get(key);
    if (n === undefined) {
      n = sources.length + 1;
      numberOf.set(key, n);
      sources.push({
        document_id: hit.documentId,
        title: hit.title,
        url,
        snippet: bestSnippet(hit.content, question, 220),
        passage: withHeading(hit.heading, hit.content),
      });
    }
    numbered.push({ ...hit, n });
  }
  return { passages: numbered, sources };
}

/** An answer's citations: [n], not escaped (a quoted "\[2\]" is text) and not a link's text. */
const CITATION = /(?<!\\)\[(\d{1,3})\](?!\()/g;

export function citedNumbers(content: string): number[] {
  return [...content.matchAll(CITATION)].map((m) => Number(m[1]));
}

/**
 * A model's answer with its citations renumbered in order of first citation, and only the cited sources
 * listed. A number that names no source is dropped from the text; an answer that cites nothing keeps
 * every source it was given, since those are what it was written from.
 */
export function citedSources(
  content: string,
  sources: StoredSource[],
): { content: string; sources: StoredSource[] } {
  const order: number[] = [];
  for (const n of citedNumbers(content)) {
    if (n >= 1 && n <= sources.length && !order.includes(n)) order.push(n);
  }
  const renumbered = content.replace(CITATION, (_, n: string) => {
    const at = order.indexOf(Number(n));
    return at < 0 ? "" : `[${at + 1}]`;
  });
  if (order.length === 0) return { content: renumbered, sources };
  return { content: renumbered, sources: order.map((n) => sources[n - 1]!) };
}

/**
 * The sentences of a passage that share the most words with the question, in their original order, up to
 * `max` characters: what a reader needs to see why this source was picked.
 */
export function bestSnippet(content: string, question: string, max: number): string {
  const text = content.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const wanted = new Set(searchTerms(question));
  const sentences = text.split(/(?<=[.!?…。])\s+|\s*\n+\s*/).filter(Boolean);
  const scored = sentences.map((s, i) => ({
    s,
    i,
    score: searchTerms(s).filter((w) => wanted.has(w)).length,
  }));
  const picked = [...scored].sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen: typeof scored = [];
  let length = 0;
  for (const item of picked) {
    if (length + item.s.length > max && chosen.length > 0) continue;
    chosen.push(item);
    length += item.s.length + 1;
    if (length >= max) break;
  }
  const joined = chosen
    .sort((a, b) => a.i - b.i)
    .map((c) => c.s)
    .join(" ");
  return joined.length > max ? `${joined.slice(0, max - 1).trimEnd()}…` : joined;
}

/** A source's passage as shown on demand: under its heading, as in the document. */
export function withHeading(heading: string | null, content: string): string {
  return heading ? `${heading}\n\n${content}` : content;
}
