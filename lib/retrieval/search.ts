import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { type Capabilities, detectCapabilities } from "@/lib/db/capabilities";
import type { Db } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { configuredEmbedder, type Embedder } from "./embedder";
import { fuseRanks } from "./fuse";
import { markedScore, planSearch, type SearchPlan } from "./query";
import { nearestPassages, usableEmbedder } from "./vectors";

const log = logger("retrieval");

export type SearchHit = {
  passageId: number;
  documentId: string;
  pageId: string | null;
  heading: string | null;
  content: string;
  /** Higher is better; comparable within one answer only (full-text score, or fused ranks with vectors). */
  score: number;
};

export type SearchOptions = {
  agentId: string;
  query: string;
  limit?: number;
  /** Defaults to the configured one (EMBEDDING_*); null forces full text only. */
  embedder?: Embedder | null;
};

// Weights of the full-text score. Coverage (share of the question's words present) leads; adjacency of
// the words (bigrams, whole phrase) separates "Hồ Chí Minh" from a passage that has hồ, chí and minh apart;
// cover density breaks the remaining ties.
const W_COVERAGE = 1;
const W_BIGRAM = 0.8;
const W_PHRASE = 0.4;
const W_DENSITY = 0.3;
/** Same diacritics as the question: below a phrase match, above a scattered one. */
const W_MARKED = 0.6;
const MARKED_DEPTH = 50;
/** How many passages the second, finer stage of full-text ranking looks at (see fullText). */
const CANDIDATES = 200;
const PAIR_CANDIDATES = 100;
/** A trigram-only match (a typo) ranks below any word match. */
const W_TRIGRAM = 0.5;
const TRIGRAM_MIN = 0.5;
const QUERY_EMBED_TIMEOUT_MS = 5_000;

/**
 * The passages of ONE agent that best answer `query`: full text over folded text (Vietnamese with or
 * without diacritics, English), fused with vector similarity when an embedder and pgvector are both there.
 * Never throws on what the visitor typed.
 */
export async function searchPassages(db: Db, opts: SearchOptions): Promise<SearchHit[]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 5), 1), 50);
  const plan = planSearch(opts.query);
  if (!plan) return [];
  const embedder = await usableEmbedder(
    db,
    opts.embedder === undefined ? configuredEmbedder() : opts.embedder,
  );
  const depth = embedder ? Math.max(limit * 4, 20) : limit;
  const [text, vector] = await Promise.all([
    textSearch(db, opts.agentId, plan, depth),
    embedder ? vectorSearch(db, opts.agentId, opts.query, embedder, depth) : Promise.resolve([]),
  ]);
  if (vector.length === 0) return text.slice(0, limit);
  return fuse(db, opts.agentId, text, vector, limit);
}

async function textSearch(db: Db, agentId: string, plan: SearchPlan, limit: number): Promise<SearchHit[]> {
  const marked = plan.marked;
  if (marked) {
    // Re-ranks a deeper list in JavaScript: diacritics are not in the index (that is the point of it).
    const hits = await fullText(db, agentId, plan, Math.max(limit * 4, MARKED_DEPTH));
    if (hits.length > 0) {
      return hits
        .map((h) => ({
          ...h,
          score: h.score + W_MARKED * markedScore(marked, `${h.heading ?? ""}\n${h.content}`),
        }))
        .sort((a, b) => b.score - a.score || a.passageId - b.passageId)
        .slice(0, limit);
    }
  }
  const hits = marked ? [] : await fullText(db, agentId, plan, limit);
  if (hits.length > 0) return hits;
  return (await capabilities(db)).pgTrgm ? trigram(db, agentId, plan.folded, limit) : [];
}

/** Our own numeric constants, written into the SQL so the server does not guess their type as integer. */
const num = (n: number) => sql.raw(String(Number(n)));

function fullText(db: Db, agentId: string, plan: SearchPlan, limit: number): Promise<SearchHit[]> {
  const q = (s: string) => sql`to_tsquery('simple', ${s})`;
  const coverage = sql.join(
    plan.terms.map(
      (t) =>
        sql`(case when p.search @@ ${q(t.exact)} then 1 ${
          t.prefix ? sql`when p.search @@ ${q(t.prefix)} then 0.5` : sql``
        } else 0 end)`,
    ),
    sql` + `,
  );
  const bigrams: SQL = plan.bigrams.length
    ? sql`(${sql.join(
        plan.bigrams.map((b) => sql`(p.search @@ ${q(b)})::int`),
        sql` + `,
      )})::float8 / ${num(plan.bigrams.length)}`
    : sql`0`;
  const phrase: SQL = plan.phrase ? sql`(p.search @@ ${q(plan.phrase)})::int` : sql`0`;
  // Two stages. Scoring runs a dozen tsquery matches per row, too many for every passage that shares one
  // common word with the question (thousands in a big agent), so a one-call rank picks candidates first:
  // the best by ts_rank of the OR query (which grows with the number of distinct words matched), plus
  // the passages holding any adjacent pair, so a phrase match is never lost to a long wordy passage.
  const pairs = plan.bigrams.length ? plan.bigrams.map((b) => `(${b})`).join(" | ") : null;
  return rows(
    db,
    sql`
    with candidates as (
      (select id from passages
        where agent_id = ${agentId} and search @@ ${q(plan.any)}
        order by ts_rank(search, ${q(plan.any)}) desc, id
        limit ${num(CANDIDATES)})
      ${
        pairs
          ? sql`union
      (select id from passages
        where agent_id = ${agentId} and search @@ ${q(pairs)}
        order by ts_rank(search, ${q(plan.any)}) desc, id
        limit ${num(PAIR_CANDIDATES)})`
          : sql``
      }
    )
    select id, document_id, page_id, heading, content, score from (
      select p.id, p.document_id, p.page_id, p.heading, p.content,
        ${num(W_COVERAGE)} * (${coverage})::float8 / ${num(plan.terms.length)}
        + ${num(W_BIGRAM)} * ${bigrams}
        + ${num(W_PHRASE)} * ${phrase}
        + ${num(W_DENSITY)} * ts_rank_cd(p.search, ${q(plan.any)}, 32) as score
      from passages p
      join candidates c on c.id = p.id
    ) ranked
    order by score desc, id
    limit ${limit}`,
  );
}

/** Typos ("nguyn van an") find nothing by words; trigram similarity on the folded text still can. */
function trigram(db: Db, agentId: string, folded: string, limit: number): Promise<SearchHit[]> {
  return rows(
    db,
    sql`
    select id, document_id, page_id, heading, content, score from (
      select id, document_id, page_id, heading, content,
        ${num(W_TRIGRAM)} * word_similarity(${folded}, search_text) as score
      from passages
      where agent_id = ${agentId}
    ) s
    where score >= ${num(W_TRIGRAM * TRIGRAM_MIN)}
    order by score desc, id
    limit ${limit}`,
  );
}

let lastEmbedWarning = 0;

async function vectorSearch(
  db: Db,
  agentId: string,
  query: string,
  embedder: Embedder,
  limit: number,
): Promise<number[]> {
  try {
    const [vector] = await embedder.embed([query], { timeoutMs: QUERY_EMBED_TIMEOUT_MS });
    if (!vector) return [];
    return await nearestPassages(db, { agentId, model: embedder.model, vector, limit });
  } catch (err) {
    // An unreachable model must not take search down; said at most once a minute, not per question.
    if (Date.now() - lastEmbedWarning > 60_000) {
      lastEmbedWarning = Date.now();
      log.warn(`vector search unavailable, full text only: ${(err as Error).message}`);
    }
    return [];
  }
}

/** Full text and vectors fused: a passage near the top of either list rises; agreement of both ranks highest. */
async function fuse(
  db: Db,
  agentId: string,
  text: SearchHit[],
  vector: number[],
  limit: number,
): Promise<SearchHit[]> {
  const top = fuseRanks([
    { ids: text.map((h) => h.passageId), weight: 1 },
    { ids: vector, weight: 1 },
  ]).slice(0, limit);
  const known = new Map(text.map((h) => [h.passageId, h]));
  const missing = top.map(([id]) => id).filter((id) => !known.has(id));
  if (missing.length) {
    const extra = await rows(
      db,
      sql`select id, document_id, page_id, heading, content, 0 as score from passages
          where agent_id = ${agentId} and id in (${sql.join(missing, sql`, `)})`,
    );
    for (const h of extra) known.set(h.passageId, h);
  }
  return top.flatMap(([id, score]) => {
    const h = known.get(id);
    return h ? [{ ...h, score }] : [];
  });
}

type Row = {
  id: string | number;
  document_id: string;
  page_id: string | null;
  heading: string | null;
  content: string;
  score: string | number;
};

async function rows(db: Db, query: SQL): Promise<SearchHit[]> {
  const result = await db.execute<Row>(query);
  return result.rows.map((r) => ({
    passageId: Number(r.id),
    documentId: r.document_id,
    pageId: r.page_id,
    heading: r.heading,
    content: r.content,
    score: Number(r.score),
  }));
}

const caps = new WeakMap<object, Promise<Capabilities>>();

function capabilities(db: Db): Promise<Capabilities> {
  let p = caps.get(db);
  if (!p) {
    p = detectCapabilities(db).catch(() => ({ vector: false, unaccent: false, pgTrgm: false }));
    caps.set(db, p);
  }
  return p;
}
