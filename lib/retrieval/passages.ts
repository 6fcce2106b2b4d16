import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { crawlPages, documents, passages } from "@/lib/db/schema";
import { logger } from "@/lib/logger";
import type { Embedder } from "./embedder";
import { passageSearchText } from "./fold";
import { ensureVectorIndex } from "./vector-index";
import { embeddingText, insertEmbeddings, usableEmbedder } from "./vectors";

const log = logger("retrieval");

export type PassageInput = { heading: string | null; content: string; language?: string | null };

export type ReplaceResult = { count: number; characters: number; embedded: boolean };

/**
 * Rows per insert. On PGlite every statement runs synchronously on the server's only thread: 500 rows
 * with their text-search vectors took ~240 ms, a stall for every other request; 50 take ~25 ms, and the
 * event loop is handed back between them.
 */
const BATCH = 50;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class PassageScopeError extends Error {
  override name = "PassageScopeError";
}

/**
 * Makes `list` the passages of a document (or of one crawled page of it), ordinals 0..n-1, in one
 * transaction: a retry, a crash-restart or two workers at once end with exactly one set, never a mix.
 * Vectors, when an embedder is usable, are computed before the transaction (a network call must not hold
 * it open) and written after it; an embedding failure is logged and leaves full-text passages.
 */
export async function replacePassages(
  db: Db,
  args: {
    agentId: string;
    documentId: string;
    pageId?: string | null;
    passages: PassageInput[];
    embedder?: Embedder | null;
  },
): Promise<ReplaceResult> {
  const pageId = args.pageId ?? null;
  // Postgres text cannot hold NUL, which broken PDFs and binary-ish files do produce.
  const list = args.passages
    .map((p) => ({
      ...p,
      heading: p.heading?.replace(/\0/g, "") ?? null,
      content: p.content.replace(/\0/g, ""),
    }))
    .filter((p) => p.content.trim() !== "");
  const embedder = list.length ? await usableEmbedder(db, args.embedder) : null;
  let vectors: number[][] | null = null;
  if (embedder) {
    try {
      vectors = await embedder.embed(list.map((p) => embeddingText(p.heading, p.content)));
    } catch (err) {
      log.warn(
        `embedding document ${args.documentId} failed, indexed for full text only: ${(err as Error).message}`,
      );
    }
  }
  const written = await db.transaction(async (tx) => {
    // Two runs for the same document (or page) wait for each other here; the second then replaces the
    // first's committed rows instead of colliding with them on the ordinal index.
    const key = `passages:${pageId ?? args.documentId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const [doc] = await tx
      .select({ agentId: documents.agentId })
      .from(documents)
      .where(eq(documents.id, args.documentId));
    if (!doc || doc.agentId !== args.agentId) {
      throw new PassageScopeError(`document ${args.documentId} does not belong to agent ${args.agentId}`);
    }
    if (pageId) {
      const [page] = await tx
        .select({ documentId: crawlPages.documentId })
        .from(crawlPages)
        .where(eq(crawlPages.id, pageId));
      if (!page || page.documentId !== args.documentId) {
        throw new PassageScopeError(`page ${pageId} is not part of document ${args.documentId}`);
      }
    }
    await tx
      .delete(passages)
      .where(
        pageId
          ? eq(passages.pageId, pageId)
          : and(eq(passages.documentId, args.documentId), isNull(passages.pageId)),
      );
    const ids: number[] = [];
    for (let i = 0; i < list.length; i += BATCH) {
      if (i > 0) await yieldToEventLoop();
      const rows = await tx
        .insert(passages)
        .values(
          list.slice(i, i + BATCH).map((p, j) => ({
            agentId: args.agentId,
            documentId: args.documentId,
            pageId,
            ordinal: i + j,
            heading: p.heading,
            content: p.content,
            searchText: passageSearchText(p.heading, p.content),
            language: p.language ?? null,
          })),
        )
        .returning({ id: passages.id, ordinal: passages.ordinal });
      for (const r of rows) ids[r.ordinal] = r.id;
    }
    return ids;
  });
  const embedded = await writeVectors(db, args, embedder, vectors, written);
  return { count: list.length, characters: list.reduce((n, p) => n + p.content.length, 0), embedded };
}

/**
 * The vectors after the passages, in statements of their own: each insert walks the approximate index
 * (vector-index.ts), ~4 ms a vector on PGlite, and a transaction holds every other query of the embedded
 * database while it is open. Full text finds the passages meanwhile; a passage replaced again before its
 * vector is written simply gets none (insertEmbeddings writes only for passages still there). False when
 * there are none to write or writing them failed: the passages are in, searchable by their words.
 */
async function writeVectors(
  db: Db,
  args: { agentId: string; documentId: string },
  embedder: Embedder | null | undefined,
  vectors: number[][] | null | undefined,
  written: number[],
): Promise<boolean> {
  if (!embedder || !vectors) return false;
  try {
    // Before the first vectors of a dimension: on Postgres the index is built CONCURRENTLY, outside any
    // transaction.
    if (vectors[0]) await ensureVectorIndex(db, vectors[0].length);
    await insertEmbeddings(
      db,
      args.agentId,
      embedder.model,
      written.map((passageId, i) => ({ passageId, embedding: vectors[i]! })),
    );
    return true;
  } catch (err) {
    log.warn(
      `writing vectors of document ${args.documentId} failed, indexed for full text only: ${(err as Error).message}`,
    );
    return false;
  }
}

/**
 * replacePassages for several crawled pages of one website document in one transaction (issue 42): a
 * crawl stored ~50 pages a second when each page was a transaction of its own, every one of them waiting
 * for the agent's vocabulary row (the term-statistics trigger locks it until commit). The same passages,
 * ordinals and vectors as one replacePassages per page; the pages' locks are taken in one order.
 */
export async function replacePagesPassages(
  db: Db,
  args: {
    agentId: string;
    documentId: string;
    pages: { pageId: string; passages: PassageInput[] }[];
    embedder?: Embedder | null;
  },
): Promise<ReplaceResult> {
  if (args.pages.length === 0) return { count: 0, characters: 0, embedded: false };
  const pages = args.pages.map((page) => ({
    pageId: page.pageId,
    list: page.passages
      .map((p) => ({
        ...p,
        heading: p.heading?.replace(/\0/g, "") ?? null,
        content: p.content.replace(/\0/g, ""),
      }))
      .filter((p) => p.content.trim() !== ""),
  }));
  const rows = pages.flatMap((page) =>
    page.list.map((p, ordinal) => ({
      agentId: args.agentId,
      documentId: args.documentId,
      pageId: page.pageId,
      ordinal,
      heading: p.heading,
      content: p.content,
      searchText: passageSearchText(p.heading, p.content),
      language: p.language ?? null,
    })),
  );
  const embedder = rows.length ? await usableEmbedder(db, args.embedder) : null;
  let vectors: number[][] | null = null;
  if (embedder) {
    try {
      vectors = await embedder.embed(rows.map((p) => embeddingText(p.heading, p.content)));
    } catch (err) {
      log.warn(
        `embedding pages of document ${args.documentId} failed, indexed for full text only: ${(err as Error).message}`,
      );
    }
  }
  const pageIds = [...new Set(pages.map((p) => p.pageId))].sort();
  const written = await db.transaction(async (tx) => {
    for (const id of pageIds) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`passages:${id}`}, 0))`);
    }
    const [doc] = await tx
      .select({ agentId: documents.agentId })
      .from(documents)
      .where(eq(documents.id, args.documentId));
    if (!doc || doc.agentId !== args.agentId) {
      throw new PassageScopeError(`document ${args.documentId} does not belong to agent ${args.agentId}`);
    }
    const owned = await tx
      .select({ id: crawlPages.id })
      .from(crawlPages)
      .where(and(inArray(crawlPages.id, pageIds), eq(crawlPages.documentId, args.documentId)));
    if (owned.length !== pageIds.length) {
      throw new PassageScopeError(`a page is not part of document ${args.documentId}`);
    }
    await tx.delete(passages).where(inArray(passages.pageId, pageIds));
    const at = new Map(rows.map((r, i) => [`${r.pageId}|${r.ordinal}`, i]));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      if (i > 0) await yieldToEventLoop();
      const inserted = await tx
        .insert(passages)
        .values(rows.slice(i, i + BATCH))
        .returning({ id: passages.id, pageId: passages.pageId, ordinal: passages.ordinal });
      for (const r of inserted) ids[at.get(`${r.pageId}|${r.ordinal}`)!] = r.id;
    }
    return ids;
  });
  const embedded = await writeVectors(db, args, embedder, vectors, written);
  return { count: rows.length, characters: rows.reduce((n, p) => n + p.content.length, 0), embedded };
}

/**
 * Removes every passage of a document (its pages' too). Deleting the document row does the same by
 * cascade; this is for emptying the index of a document that stays (e.g. before a re-crawl).
 */
export async function deletePassages(db: Db, documentId: string): Promise<number> {
  const rows = await db
    .delete(passages)
    .where(eq(passages.documentId, documentId))
    .returning({ id: passages.id });
  return rows.length;
}

/** Passages and characters indexed per document, for the files list; documents without any are absent. */
export async function passageCounts(
  db: Db,
  documentIds: string[],
): Promise<Map<string, { passages: number; characters: number }>> {
  const out = new Map<string, { passages: number; characters: number }>();
  if (documentIds.length === 0) return out;
  const rows = await db
    .select({
      documentId: passages.documentId,
      passages: sql<number>`count(*)::int`,
      characters: sql<number>`coalesce(sum(char_length(${passages.content})), 0)::int`,
    })
    .from(passages)
    .where(inArray(passages.documentId, documentIds))
    .groupBy(passages.documentId);
  for (const r of rows)
    out.set(r.documentId, { passages: Number(r.passages), characters: Number(r.characters) });
  return out;
}
