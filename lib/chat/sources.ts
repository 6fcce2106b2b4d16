import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { crawlPages, documents } from "@/lib/db/schema";
import { searchTerms } from "@/lib/retrieval/fold";
import type { SearchHit } from "@/lib/retrieval/search";
import type { StoredSource } from "./conversations";

/**
 * Turns retrieved passages into the sources shown under an answer: one per document (or crawled page),
 * numbered in order of first appearance, each passage knowing its source's number for citations.
 */
export type NumberedPassage = SearchHit & { n: number; title: string };

export async function numberSources(
  db: Db,
  agentId: string,
  hits: SearchHit[],
  question: string,
): Promise<{ passages: NumberedPassage[]; sources: StoredSource[] }> {
  if (hits.length === 0) return { passages: [], sources: [] };
  const docIds = [...new Set(hits.map((h) => h.documentId))];
  const pageIds = [...new Set(hits.map((h) => h.pageId).filter((p): p is string => p !== null))];
  const [docs, pages] = await Promise.all([
    db
      .select({ id: documents.id, name: documents.name, url: documents.sourceUrl })
      .from(documents)
      .where(and(eq(documents.agentId, agentId), inArray(documents.id, docIds))),
    pageIds.length
      ? db
          .select({ id: crawlPages.id, title: crawlPages.title, url: crawlPages.url })
          .from(crawlPages)
          .where(inArray(crawlPages.id, pageIds))
      : Promise.resolve([]),
  ]);
  const docById = new Map(docs.map((d) => [d.id, d]));
  const pageById = new Map(pages.map((p) => [p.id, p]));
  const numberOf = new Map<string, number>();
  const sources: StoredSource[] = [];
  const passages: NumberedPassage[] = [];
  for (const hit of hits) {
    const doc = docById.get(hit.documentId);
    if (!doc) continue; // removed while we searched
    const page = hit.pageId ? pageById.get(hit.pageId) : undefined;
    const key = hit.pageId ?? hit.documentId;
    const title = page?.title || page?.url || doc.name;
    let n = numberOf.get(key);
    if (n === undefined) {
      n = sources.length + 1;
      numberOf.set(key, n);
      sources.push({
        document_id: hit.documentId,
        title,
        url: page?.url ?? doc.url ?? null,
        snippet: bestSnippet(hit.content, question, 220),
      });
    }
    passages.push({ ...hit, n, title });
  }
  return { passages, sources };
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
