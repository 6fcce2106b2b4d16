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

type DocTitle = { name: string; url: string | null };
type PageTitle = { name: string | null; url: string };

/**
 * Titles and addresses of the documents and pages searches found, each remembered under the agent's corpus
 * stamp: removing a document changes the stamp (its passages go), so a removed one is never shown. One
 * entry per document, not per set of them: an agent's next question mostly finds passages of documents an
 * earlier one found, and then needs no statement before its answer (issue 18). A title can change without
 * the passages (a page re-crawled unchanged but retitled): that shows within a minute. null: not there.
 */
const docTitles = new TtlLru<Promise<DocTitle | null>>(5_000, 60_000);
const pageTitles = new TtlLru<Promise<PageTitle | null>>(5_000, 60_000);

/** Each hit with its document's (or page's) title and address; hits of documents removed meanwhile drop. */
export async function resolveSources(
  db: Db,
  agentId: string,
  hits: SearchHit[],
  corpusVersion: number | null = null,
): Promise<SourcedPassage[]> {
  if (hits.length === 0) return [];
  const scope = corpusVersion === null ? null : `${agentId}|${corpusVersion}`;
  const [docs, pages] = await Promise.all([
    remembered(docTitles, scope, unique(hits.map((h) => h.documentId)), (ids) => readDocs(db, agentId, ids)),
    remembered(pageTitles, scope, unique(hits.flatMap((h) => (h.pageId ? [h.pageId] : []))), (ids) =>
      readPages(db, ids),
    ),
  ]);
  const out: SourcedPassage[] = [];
  for (const hit of hits) {
    const doc = docs.get(hit.documentId);
    if (!doc) continue; // removed while we searched
    const page = hit.pageId ? pages.get(hit.pageId) : undefined;
    out.push({
      ...hit,
      key: hit.pageId ?? hit.documentId,
      title: page?.name || page?.url || doc.name,
      url: page?.url ?? doc.url ?? null,
    });
  }
  return out;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** Each id's value: from memory under `scope` where it is there, the others read in one statement. */
async function remembered<T>(
  memory: TtlLru<Promise<T | null>>,
  scope: string | null,
  ids: string[],
  read: (ids: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T | null>> {
  const found = new Map<string, Promise<T | null>>();
  const missing: string[] = [];
  for (const id of ids) {
    const known = scope ? memory.get(`${scope}|${id}`) : undefined;
    if (known) found.set(id, known);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const reading = read(missing);
    for (const id of missing) {
      const pending = reading.then((values) => values.get(id) ?? null);
      found.set(id, pending);
      if (!scope) continue;
      const key = `${scope}|${id}`;
      memory.set(key, pending);
      pending.catch(() => {
        if (memory.get(key) === pending) memory.delete(key);
      });
    }
  }
  return new Map(await Promise.all([...found].map(async ([id, value]) => [id, await value] as const)));
}

async function readDocs(db: Db, agentId: string, ids: string[]): Promise<Map<string, DocTitle>> {
  const rows = await db
    .select({ id: documents.id, name: documents.name, url: documents.sourceUrl })
    .from(documents)
    .where(and(eq(documents.agentId, agentId), inArray(documents.id, ids)));
  return new Map(rows.map(({ id, ...title }) => [id, title]));
}

async function readPages(db: Db, ids: string[]): Promise<Map<string, PageTitle>> {
  const rows = await db
    .select({ id: crawlPages.id, name: crawlPages.title, url: crawlPages.url })
    .from(crawlPages)
    .where(inArray(crawlPages.id, ids));
  return new Map(rows.map(({ id, ...title }) => [id, title]));
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
