import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { type Capabilities, detectCapabilities } from "@/lib/db/capabilities";
import type { Db } from "@/lib/db/client";
import { StatementBudgetExceeded, withStatementBudget } from "@/lib/db/statement-budget";
import { logger } from "@/lib/logger";
import { configuredEmbedder, type Embedder } from "./embedder";
import { fuseRanks } from "./fuse";
import { markedScore, planSearch, type SearchPlan } from "./query";
import { documentFrequencies, type Vocabulary } from "./term-stats";
import { APPROXIMATE_FROM, APPROXIMATE_SETTINGS, vectorIndexReady, walksIndex } from "./vector-index";
import { nearestPassagesEach, usableEmbedder } from "./vectors";
import { type VocabularySnapshot, vocabularySnapshot } from "./vocabulary-snapshot";

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
  /** Each statement's time budget on Postgres (RETRIEVAL_BUDGET_MS by default); past it, nothing found. */
  budgetMs?: number;
  /**
   * The agent's corpus stamp, when the caller read it: word counts then come from the agent's vocabulary
   * in memory when it is there for this stamp, instead of a statement.
   */
  corpusVersion?: number | null;
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
/**
 * How many passages of each list the second, finer stage of full-text ranking scores (see fullText): a dozen
 * tsquery matches each. 50 instead of 100 took a question's retrieve() from 15.0 to 13.3 ms (p50) at 2k
 * passages and from 12.1 to 11.0 at 100k, recall unchanged on every quality set (issue 18).
 */
const CANDIDATES = 50;
const PAIR_CANDIDATES = 50;
/**
 * The first stage of full-text ranking reads at most about this many passages: it looks for the question's
 * rarest words first and leaves out those that would add more (a word in nearly every passage, like "hồ"
 * in a guide to Hồ Chí Minh City, would have it rank them all). The second stage still scores every word.
 */
const CANDIDATE_ROWS = 500;
/**
 * ...and the list of adjacent pairs fewer: the index knows which passages hold both words, not whether
 * they are adjacent, so each of those passages is read and checked (~5 µs each). A common pair ("giá bao",
 * how much) is left to the other lists.
 */
const PAIR_ROWS = 300;
/**
 * ...and each list matches at most this many words or pairs: an index scan reads one posting list per word,
 * and a long question's dozen words or pairs OR-ed together made the planner read every passage instead.
 */
const LIST_ITEMS = 4;
/** A word the agent never uses is corrected to its nearest word by trigrams only from this similarity. */
const TYPO_MIN_SIMILARITY = 0.4;
/**
 * ...and only from this length: one letter off a Vietnamese syllable or a short English word is most often
 * another word ("thuê" is not a typo of "thư"), so short words are left as typed.
 */
const TYPO_MIN_LETTERS = 5;
const QUERY_EMBED_TIMEOUT_MS = 5_000;

/**
 * The passages of ONE agent that best answer `query`: full text over folded text (Vietnamese with or
 * without diacritics, English), fused with vector similarity when an embedder and pgvector are both there.
 * Never throws on what the visitor typed.
 */
export async function searchPassages(db: Db, opts: SearchOptions): Promise<SearchHit[]> {
  const { query, ...rest } = opts;
  return (await searchReadings(db, { ...rest, queries: [query] })).lists[0]!;
}

/** Several readings of one question (the question, its follow-up reading, rewrites…) searched together. */
export type ReadingsOptions = Omit<SearchOptions, "query"> & { queries: string[] };

/**
 * Each reading's hits, in the order of `queries`, and whether the search ran to its end (false: a
 * statement ran out of its time budget, or the embedding model did not answer). All readings'
 * full text is one statement (a UNION ALL of each reading's ranking, tagged by reading), their vectors one
 * model call and one statement: a question costs the same round trips however many readings it has.
 */
export async function searchReadings(
  db: Db,
  opts: ReadingsOptions,
): Promise<{ lists: SearchHit[][]; complete: boolean }> {
  let complete = true;
  const incomplete = () => {
    complete = false;
  };
  const lists = await search(db, opts, incomplete);
  return { lists, complete };
}

async function search(db: Db, opts: ReadingsOptions, incomplete: () => void): Promise<SearchHit[][]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 5), 1), 50);
  const lists: SearchHit[][] = opts.queries.map(() => []);
  // Only readings with something searchable run; the rest find nothing.
  const readings = opts.queries.flatMap((query, at) => {
    const plan = planSearch(query);
    return plan ? [{ at, query, plan }] : [];
  });
  if (readings.length === 0) return lists;
  const budget = opts.budgetMs ?? config().RETRIEVAL_BUDGET_MS;
  const embedder = await usableEmbedder(
    db,
    opts.embedder === undefined ? configuredEmbedder() : opts.embedder,
  );
  const depth = embedder ? Math.max(limit * 4, 20) : limit;
  // Read once per database (cached by it), not per transaction.
  const { pgTrgm } = await capabilities(db);
  const corpus: Corpus = {
    agentId: opts.agentId,
    vocabulary: vocabularySnapshot(db, opts.agentId, opts.corpusVersion),
  };
  const nothing = () => readings.map((): never[] => []);
  // Full text and vectors each on their own connection, in parallel, each statement within the budget.
  const [text, vector] = await Promise.all([
    withinTime(budget, nothing(), incomplete, () =>
      withStatementBudget(
        db,
        budget,
        async (tx) =>
          textSearches(
            tx,
            corpus,
            await correctTypos(
              tx,
              corpus,
              readings.map((r) => r.plan),
              pgTrgm,
            ),
            depth,
          ),
        { indexesFirst: true },
      ),
    ),
    embedder
      ? vectorSearches(
          db,
          corpus,
          readings.map((r) => r.query),
          embedder,
          depth,
          budget,
          incomplete,
        )
      : Promise.resolve(nothing()),
  ]);
  const found = await fuse(db, opts.agentId, text, vector, limit);
  readings.forEach((r, i) => {
    lists[r.at] = found[i]!;
  });
  return lists;
}

let lastBudgetWarning = 0;

/**
 * A search that ran out of time finds nothing: the question gets the fallback now rather than an answer
 * later. Said at most once a minute, not per question.
 */
async function withinTime<T>(
  budget: number,
  nothing: T,
  incomplete: () => void,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof StatementBudgetExceeded)) throw err;
    incomplete();
    if (Date.now() - lastBudgetWarning > 60_000) {
      lastBudgetWarning = Date.now();
      log.warn(`a search took longer than RETRIEVAL_BUDGET_MS (${budget} ms) and was cancelled`);
    }
    return nothing;
  }
}

/**
 * The agent a search reads, with its vocabulary in memory when a snapshot of the stamp the question read is
 * there (vocabulary-snapshot.ts): word counts then cost no statement.
 */
type Corpus = { agentId: string; vocabulary: VocabularySnapshot | null };

/**
 * Each plan's full-text hits, all in one statement. A reading typed with diacritics asks for a deeper list
 * and re-ranks it in JavaScript: diacritics are not in the index (that is the point of it).
 */
async function textSearches(
  db: Db,
  corpus: Corpus,
  plans: SearchPlan[],
  limit: number,
): Promise<SearchHit[][]> {
  const depths = plans.map((plan) => (plan.marked ? Math.max(limit * 4, MARKED_DEPTH) : limit));
  // Every reading's word counts in one read (none with the vocabulary in memory).
  const vocabulary = await documentFrequencies(
    db,
    corpus.agentId,
    plans.flatMap(countedWords),
    corpus.vocabulary,
  );
  const rankings = plans.map((plan, reading) =>
    fullTextQuery(corpus.agentId, plan, depths[reading]!, vocabulary, reading),
  );
  const found = await rows(db, sql.join(rankings, sql`\nunion all\n`));
  return plans.map((plan, reading) => {
    // UNION ALL keeps no order across its parts: each reading's is made again here, as its part had it.
    const hits = found
      .filter((h) => h.reading === reading)
      .sort((a, b) => b.score - a.score || a.passageId - b.passageId)
      .map(({ reading: _, ...hit }) => hit);
    const marked = plan.marked;
    if (!marked) return hits;
    return hits
      .map((h) => ({
        ...h,
        score: h.score + W_MARKED * markedScore(marked, `${h.heading ?? ""}\n${h.content}`),
      }))
      .sort((a, b) => b.score - a.score || a.passageId - b.passageId)
      .slice(0, limit);
  });
}

/** The words whose counts a plan's candidate lists are chosen by. */
const countedWords = (plan: SearchPlan) => [
  ...plan.terms.map((t) => t.exact),
  ...plan.bigrams.flatMap((b) => b.split(" <-> ")),
];

/**
 * Typos ("nguyn van an"): a word the agent's passages never use is replaced by the agent's own word
 * nearest to it by trigrams (its vocabulary, passage_terms, has a trigram index), so the full-text search
 * then finds "Nguyễn Văn An". One indexed lookup for all such words of every reading; never a scan of the
 * passages. Without pg_trgm the words stay as typed.
 */
async function correctTypos(
  db: Db,
  corpus: Corpus,
  plans: SearchPlan[],
  pgTrgm: boolean,
): Promise<SearchPlan[]> {
  const { agentId } = corpus;
  const words = plans.map((plan) => plan.folded.split(" "));
  const { df } = await documentFrequencies(db, agentId, words.flat(), corpus.vocabulary);
  const unknown = [
    ...new Set(
      words.flat().filter((w) => w.length >= TYPO_MIN_LETTERS && !/\d/.test(w) && (df.get(w) ?? 0) === 0),
    ),
  ];
  if (unknown.length === 0 || !pgTrgm) return plans;
  const result = await db.execute<{ typo: string; term: string }>(sql`
    select q.typo, best.term from unnest(${sql`array[${sql.join(
      unknown.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]`}) as q(typo)
    cross join lateral (
      select term from passage_terms
      where agent_id = ${agentId} and term <> '' and term % q.typo
        and similarity(term, q.typo) >= ${num(TYPO_MIN_SIMILARITY)}
      order by similarity(term, q.typo) desc, term
      limit 1
    ) best`);
  if (result.rows.length === 0) return plans;
  const fix = new Map(result.rows.map((r) => [r.typo, r.term]));
  return plans.map((plan, i) => {
    if (!words[i]!.some((w) => fix.has(w))) return plan;
    return planSearch(words[i]!.map((w) => fix.get(w) ?? w).join(" ")) ?? plan;
  });
}

/** One list of the first stage: what it matches, and about how many passages it reads. */
type CandidateList = { match: string; rows: number };

/**
 * What the first stage looks for, each list within CANDIDATE_ROWS passages read. `every`: the passages
 * holding all of the question's words (its LIST_ITEMS rarest in a long question; an index intersection,
 * however common each word is), which lead on coverage. `words`: the rarest words, the rarest first, for
 * the passages holding only some of them; read only when fewer than CANDIDATES passages hold them all. `pairs`: the adjacent pairs, found among the
 * passages the index says hold both words (each then read to check the order). Word counts come from the
 * agent's vocabulary; a pair or all the words together are as frequent as chance makes them. When no list
 * fits (a question of only very common words), `fallback` reads the smallest one up to CANDIDATE_ROWS.
 */
function candidateQueries(
  plan: SearchPlan,
  { n, df, forms }: Vocabulary,
): { every: string | null; words: string | null; pairs: string | null; fallback: string | null } {
  const pairWords = plan.bigrams.map((b) => b.split(" <-> "));
  const share = (w: string) => (n > 0 ? Math.min(1, (df.get(w) ?? 0) / n) : 0);
  const together = (ws: string[]) => n * ws.reduce((p, w) => p * share(w), 1);
  const match = (t: SearchPlan["terms"][number]) => wordMatch(t, forms.get(t.exact));
  const singles = plan.terms.map((t) => ({ match: match(t), rows: together([t.exact]) }));
  // A long question's rarest words stand for all of them: they are what its passages must hold. A word
  // no passage has ("lỡ" in "lỡ mất phiếu bảo hành") cannot be held: it would take a place and find nothing.
  const held = plan.terms.filter((t) => share(t.exact) > 0 || forms.get(t.exact)?.length);
  const rarest = [...(held.length > 0 ? held : plan.terms)]
    .sort((a, b) => share(a.exact) - share(b.exact))
    .slice(0, LIST_ITEMS);
  const all: CandidateList = {
    match: rarest.map(match).join(" & "),
    rows: together(rarest.map((t) => t.exact)),
  };
  // When no passage holds every one of them, those holding all but one lead on coverage ("trụ sở phường
  // ở đâu": the address passage has trụ, sở and phường, not đâu): index intersections again, however
  // common each word is, so they come before the rarest words alone.
  const allButOne =
    rarest.length < 3
      ? []
      : rarest.map((_, skip) => {
          const kept = rarest.filter((_, i) => i !== skip);
          return { match: `(${kept.map(match).join(" & ")})`, rows: together(kept.map((t) => t.exact)) };
        });
  const words = withinBudget([...allButOne, ...singles], CANDIDATE_ROWS, allButOne.length + LIST_ITEMS);
  const pairs = withinBudget(
    plan.bigrams.map((b, i) => ({ match: `(${b})`, rows: together(pairWords[i]!) })),
    PAIR_ROWS,
  );
  const every = plan.terms.length > 1 && all.rows <= CANDIDATE_ROWS ? all.match : null;
  const fallback =
    every || words || pairs ? null : [all, ...singles].sort((a, b) => a.rows - b.rows)[0]!.match;
  return { every, words, pairs, fallback };
}

/**
 * How a list matches a word: a short word as itself; a longer one ("hour") as the agent's own words it
 * begins ("hour | hours"), which the index looks up one by one, or as a prefix (read whole by the index)
 * only when the agent has more than MAX_FORMS of them.
 */
function wordMatch(t: SearchPlan["terms"][number], forms: string[] | null | undefined): string {
  if (!t.prefix) return t.exact;
  // Vocabulary terms are folded letters and digits; anything else keeps the prefix (never to_tsquery syntax).
  if (!forms?.every((f) => /^[\p{L}\p{N}]+$/u.test(f))) return t.prefix;
  if (forms.length === 0) return t.exact;
  return forms.length === 1 ? forms[0]! : `(${forms.join(" | ")})`;
}

/** As many items as fit in `budget` passages read (`most` at most), the smallest first; or null. */
function withinBudget(items: CandidateList[], budget: number, most = LIST_ITEMS): string | null {
  const chosen: string[] = [];
  let rows = 0;
  for (const item of [...items].sort((a, b) => a.rows - b.rows)) {
    if (chosen.length === most || rows + item.rows > budget) break;
    chosen.push(item.match);
    rows += item.rows;
  }
  return chosen.length ? chosen.join(" | ") : null;
}

/** Our own numeric constants, written into the SQL so the server does not guess their type as integer. */
const num = (n: number) => sql.raw(String(Number(n)));

/**
 * One reading's ranking, as a part of the search's one statement: its best `limit` passages, each tagged
 * with `reading`. Parenthesised, with its own WITH: its lists' names are its own.
 */
function fullTextQuery(
  agentId: string,
  plan: SearchPlan,
  limit: number,
  vocabulary: Vocabulary,
  reading: number,
): SQL {
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
  // common word with the question (thousands in a big agent), so a one-call rank (ts_rank of the OR query,
  // which grows with the number of distinct words matched) picks candidates first: the passages holding
  // every word; when fewer than CANDIDATES do, also those holding the rarer words; and the passages holding
  // an adjacent pair, so a phrase match is never lost to a long wordy passage. Each list reads at most
  // CANDIDATE_ROWS passages: what a common word costs is bounded, whatever the agent's size.
  const { every, words, pairs, fallback } = candidateQueries(plan, vocabulary);
  // Each list: its passages (`source`, with id and search), the best `cap` of them by the one-call rank.
  const matching = (match: string, gate?: SQL) =>
    sql`select id, search from passages where agent_id = ${agentId} and search @@ ${q(match)}${gate ? sql` and ${gate}` : sql``}`;
  const lists: { name: string; cte: SQL }[] = [];
  const top = (name: string, source: SQL, cap: number) =>
    lists.push({
      name,
      cte: sql`${sql.raw(name)} as (
      select id from (${source}) list order by ts_rank(search, ${q(plan.any)}) desc, id limit ${num(cap)}
    )`,
    });
  const head: SQL[] = [];
  if (every) {
    head.push(sql`every_read as materialized (${matching(every)})`);
    top("every_top", sql`select id, search from every_read`, CANDIDATES);
  }
  // Read only when the passages holding every word are too few to fill the list.
  const gate = every ? sql`(select count(*) from every_read) < ${num(CANDIDATES)}` : undefined;
  if (words) top("some_top", matching(words, gate), CANDIDATES);
  if (pairs) top("pair_top", matching(pairs), PAIR_CANDIDATES);
  // Only very common words: the first CANDIDATE_ROWS passages holding them.
  if (fallback) top("common_top", sql`${matching(fallback)} limit ${num(CANDIDATE_ROWS)}`, CANDIDATES);
  const candidates = sql`${sql.join([...head, ...lists.map((l) => l.cte)], sql`,\n`)},
    candidates as (${sql.raw(lists.map((l) => `select id from ${l.name}`).join(" union "))})`;
  return sql`(
    with ${candidates}
    select ${num(reading)} as reading, id, document_id, page_id, heading, content, score from (
      select p.id, p.document_id, p.page_id, p.heading, p.content,
        ${num(W_COVERAGE)} * (${coverage})::float8 / ${num(plan.terms.length)}
        + ${num(W_BIGRAM)} * ${bigrams}
        + ${num(W_PHRASE)} * ${phrase}
        + ${num(W_DENSITY)} * ts_rank_cd(p.search, ${q(plan.any)}, 32) as score
      from passages p
      join candidates c on c.id = p.id
    ) ranked
    order by score desc, id
    limit ${num(limit)})`;
}

let lastEmbedWarning = 0;

/** Each reading's nearest passages: one call to the model for all of them, then one statement. */
async function vectorSearches(
  db: Db,
  corpus: Corpus,
  queries: string[],
  embedder: Embedder,
  limit: number,
  budget: number,
  incomplete: () => void,
): Promise<number[][]> {
  const nothing = () => queries.map((): number[] => []);
  try {
    // The model's round trip first: no connection or transaction is held while it answers.
    const vectors = await embedder.embed(queries, { timeoutMs: QUERY_EMBED_TIMEOUT_MS });
    const dims = vectors[0]?.length ?? 0;
    // A model that answers short, or in mixed dimensions, is not answering these questions.
    if (vectors.length !== queries.length || dims === 0 || vectors.some((v) => v.length !== dims)) {
      throw new Error(`the embedding model answered ${vectors.length} vectors for ${queries.length} queries`);
    }
    const approximate = await walksVectorIndex(db, corpus, dims, limit);
    return await withinTime(budget, nothing(), incomplete, () =>
      withStatementBudget(
        db,
        budget,
        (tx) =>
          nearestPassagesEach(tx, {
            agentId: corpus.agentId,
            model: embedder.model,
            vectors,
            limit,
            approximate,
          }),
        approximate ? { settings: APPROXIMATE_SETTINGS } : {},
      ),
    );
  } catch (err) {
    // An unreachable model must not take search down; said at most once a minute, not per question. The
    // search is incomplete: full text alone is not remembered as this question's answer.
    incomplete();
    if (Date.now() - lastEmbedWarning > 60_000) {
      lastEmbedWarning = Date.now();
      log.warn(`vector search unavailable, full text only: ${(err as Error).message}`);
    }
    return nothing();
  }
}

/**
 * Whether this search walks the approximate index (vector-index.ts, walksIndex): a large agent (its
 * passage count is remembered for a minute with the rest of its vocabulary's), once the index is there.
 */
async function walksVectorIndex(db: Db, corpus: Corpus, dims: number, limit: number): Promise<boolean> {
  if (!walksIndex(APPROXIMATE_FROM, limit)) return false;
  const { n } = await documentFrequencies(db, corpus.agentId, [], corpus.vocabulary);
  return walksIndex(n, limit) && vectorIndexReady(db, dims);
}

/**
 * Each reading's full text and vectors fused: a passage near the top of either list rises; agreement of
 * both ranks highest. The passages only vectors found are read in one statement for all readings.
 */
async function fuse(
  db: Db,
  agentId: string,
  texts: SearchHit[][],
  vectors: number[][],
  limit: number,
): Promise<SearchHit[][]> {
  const tops = texts.map((text, i) =>
    vectors[i]!.length === 0
      ? null
      : fuseRanks([
          { ids: text.map((h) => h.passageId), weight: 1 },
          { ids: vectors[i]!, weight: 1 },
        ]).slice(0, limit),
  );
  const known = new Map(texts.flat().map((h) => [h.passageId, h]));
  const missing = [...new Set(tops.flatMap((top) => (top ?? []).map(([id]) => id)))].filter(
    (id) => !known.has(id),
  );
  if (missing.length) {
    const extra = await rows(
      db,
      sql`select id, document_id, page_id, heading, content, 0 as score from passages
          where agent_id = ${agentId} and id in (${sql.join(missing, sql`, `)})`,
    );
    for (const { reading: _, ...h } of extra) known.set(h.passageId, h);
  }
  return texts.map((text, i) => {
    const top = tops[i];
    if (!top) return text.slice(0, limit);
    return top.flatMap(([id, score]) => {
      const h = known.get(id);
      return h ? [{ ...h, score }] : [];
    });
  });
}

type Row = {
  reading?: string | number;
  id: string | number;
  document_id: string;
  page_id: string | null;
  heading: string | null;
  content: string;
  score: string | number;
};

async function rows(db: Db, query: SQL): Promise<(SearchHit & { reading: number })[]> {
  const result = await db.execute<Row>(query);
  return result.rows.map((r) => ({
    reading: Number(r.reading ?? 0),
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
