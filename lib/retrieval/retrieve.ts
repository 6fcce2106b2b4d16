import "server-only";
import type { Db } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import { metrics, secondsSince } from "@/lib/metrics/registry";
import {
  ANSWERABLE_CHECKED,
  ANSWERABLE_SHARE,
  bestCoverage,
  queryShape,
  termWeights,
  topicTerms,
} from "./answerable";
import type { Embedder } from "./embedder";
import { expandQuestion } from "./expand";
import { foldForSearch, passageSearchText } from "./fold";
import type { ChatTurn } from "./follow-up";
import { fuseRanks } from "./fuse";
import { type CrossReading, crossCoverage, crossLingual, typedNames } from "./lexicon";
import { planRewrite } from "./rewrite-plan";
import type { SearchHit } from "./search";
import { cachedSearches, corpusVersion } from "./search-cache";
import { documentFrequencies } from "./term-stats";
import { vocabularySnapshot } from "./vocabulary-snapshot";

const log = logger("chat");

export type { ChatTurn } from "./follow-up";

/** Standalone search queries for a question (e.g. its translation), from a language model. */
export type Rewriter = (question: string, history: ChatTurn[]) => Promise<string[]>;

export type RetrieveOptions = {
  agentId: string;
  question: string;
  /** The conversation's earlier turns, newest last. */
  history?: ChatTurn[];
  rewrite?: Rewriter;
  /** Defaults to the configured one; null forces full text only. */
  embedder?: Embedder | null;
  limit?: number;
  /** The agent's corpus stamp, when the caller read it with the agent; undefined: read here. */
  corpusVersion?: number | null;
};

export type Retrieval = {
  hits: SearchHit[];
  /** False when nothing found answers the question: the engine then says the agent's fallback message. */
  answerable: boolean;
  /** Every query searched: the question, its follow-up reading, its expansion, the rewrites. */
  queries: string[];
  /** The corpus stamp the searches were made under (null: the agent has no passages). */
  corpusVersion: number | null;
  /** The question read in the other language by the lexicon (null: it knows none of its words). */
  reading: CrossReading | null;
};

const REWRITE_TIMEOUT_MS = 4_000;
const MAX_REWRITES = 3;
// The question as typed leads; its follow-up reading and the rewrites support it. A self-contained
// question keeps its own best passage first however the other lists rank.
// The lexicon's reading in the other language (an English question over Vietnamese documents) is worth
// nearly the question itself: when the documents are in the other language, it is the only list that finds.
const WEIGHT = { question: 1, followUp: 0.9, translation: 0.9, rewrite: 0.8, expansion: 0.7 } as const;

type Query = { text: string; kind: keyof typeof WEIGHT };

/** The passages of ONE agent that answer a visitor's question in its conversation, and whether they do. */
export async function retrieve(db: Db, opts: RetrieveOptions): Promise<Retrieval> {
  const started = performance.now();
  try {
    return await find(db, opts);
  } finally {
    metrics().retrieval.observe(secondsSince(started));
  }
}

async function find(db: Db, opts: RetrieveOptions): Promise<Retrieval> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 5), 1), 20);
  const history = opts.history ?? [];
  const question = opts.question.trim();
  // Nothing searchable ("???"): no rewrite can know what was meant either.
  if (!foldForSearch(question))
    return { hits: [], answerable: false, queries: [], corpusVersion: null, reading: null };
  const queries: Query[] = [{ text: question, kind: "question" }];
  // Every question is searched at once as typed, and a follow-up also with its built-in reading
  // (lib/retrieval/rewrite-plan.ts); the model's rewrite is asked only when none of them answers.
  const plan = planRewrite(question, history);
  if (plan.kind !== "as-asked") queries.push({ text: plan.query, kind: "followUp" });
  const expanded = expandQuestion(question);
  if (expanded) queries.push({ text: expanded, kind: "expansion" });
  const depth = Math.max(limit * 2, 10);
  // Read once per question: every search of it is remembered under the same corpus.
  const version =
    opts.corpusVersion === undefined ? await corpusVersion(db, opts.agentId) : opts.corpusVersion;
  const reading = crossLingual(question);
  const readingText = reading ? await knownWords(db, opts.agentId, reading, version) : "";
  if (readingText) queries.push({ text: readingText, kind: "translation" });
  // Each batch of readings not remembered is one search (searchReadings): one full-text statement.
  const search = (batch: Query[]) =>
    cachedSearches(
      db,
      { agentId: opts.agentId, limit: depth, embedder: opts.embedder },
      batch.map((q) => q.text),
      version,
    );
  const own = dedupe(queries);
  const ownLists = search(own);
  // Observed now: Promise.all rethrows the first failure, and the others must not go unhandled.
  for (const p of ownLists) p.catch(() => {});
  const found = async (distinct: Query[], lists: SearchHit[][]): Promise<Retrieval> => {
    const verdicts = await answeringQueries(db, opts.agentId, distinct, lists, version, reading);
    // The other language's reading only leads when the visitor's own words found nothing that answers: an
    // English question over an agent with English and Vietnamese documents keeps its English passages.
    const ownAnswers = distinct.some((q, i) => verdicts[i] && q.kind !== "translation");
    // When only the reading answers, its passages lead: the question as typed found words by chance.
    const translationAnswers = distinct.some((q, i) => verdicts[i] && q.kind === "translation");
    const used = distinct.map((q) => !ownAnswers || q.kind !== "translation");
    const hits = fuse(
      distinct.filter((_, i) => used[i]),
      lists.filter((_, i) => used[i]),
      !ownAnswers && translationAnswers ? LEADING_TRANSLATION : undefined,
    ).slice(0, limit);
    return {
      hits,
      answerable: verdicts.some(Boolean) && namesFound(question, lists),
      queries: distinct.map((q) => q.text),
      corpusVersion: version,
      reading,
    };
  };
  // The rewrite's queries searched and fused with the visitor's own readings: it only adds to them.
  const withRewrites = async (rewritten: string[], ownDone: SearchHit[][]) => {
    const distinct = dedupe([...own, ...rewritten.map((text): Query => ({ text, kind: "rewrite" }))]);
    const lists = await Promise.all([...ownDone, ...search(distinct.slice(own.length))]);
    return found(distinct, lists);
  };
  const ownDone = await Promise.all(ownLists);
  const alone = await found(own, ownDone);
  if (alone.answerable || !opts.rewrite) return alone;
  // Nothing the visitor's own words (or their reading in the documents' language) find answers them: the
  // model's rewrite gets its chance. Only an answer that would otherwise be the fallback waits for it.
  const rewritten = await rewrites(opts.rewrite, question, history);
  return rewritten.length > 0 ? withRewrites(rewritten, ownDone) : alone;
}

/**
 * The reading's words this agent's passages use: the search's first stage looks for the rarest words of a
 * query, and a lexicon entry's alternatives no passage has ("bảng giá" where the FAQ says "giá") are the
 * rarest of all: left in, they would have it find nothing.
 */
async function knownWords(db: Db, agentId: string, reading: CrossReading, version: number | null) {
  const words = [...new Set(reading.groups.flatMap((g) => g.words.flatMap((w) => w.split(" "))))];
  const { df } = await documentFrequencies(db, agentId, words, vocabularySnapshot(db, agentId, version));
  const known = (w: string) => w.split(" ").every((x) => (df.get(x) ?? 0) > 0);
  return [...new Set(reading.groups.flatMap((g) => g.words.filter(known)))].join(" ");
}

/** A rewrite that fails, hangs or returns junk leaves the question to be searched as typed. */
async function rewrites(rewrite: Rewriter | undefined, question: string, history: ChatTurn[]) {
  if (!rewrite) return [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const out = await Promise.race([
      rewrite(question, history),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("rewrite timed out")), REWRITE_TIMEOUT_MS);
      }),
    ]);
    if (!Array.isArray(out)) return [];
    return out
      .filter((q): q is string => typeof q === "string")
      .map((q) => q.trim().slice(0, 500))
      .filter(Boolean)
      .slice(0, MAX_REWRITES);
  } catch (err) {
    log.warn(`query rewrite failed, searching the question as typed: ${(err as Error).message}`);
    return [];
  } finally {
    clearTimeout(timer);
  }
}

function dedupe(queries: Query[]): Query[] {
  const seen = new Set<string>();
  return queries.filter((q) => {
    const key = foldForSearch(q.text);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lists fused by each query's weight; a passage several queries agree on rises. */
const LEADING_TRANSLATION = { ...WEIGHT, translation: 1.2 } as const;

function fuse(
  queries: Query[],
  lists: SearchHit[][],
  weight: Record<Query["kind"], number> = WEIGHT,
): SearchHit[] {
  const first = new Map<number, SearchHit>();
  for (const list of lists)
    for (const hit of list) if (!first.has(hit.passageId)) first.set(hit.passageId, hit);
  const ranked = fuseRanks(
    lists.map((list, i) => ({ ids: list.map((h) => h.passageId), weight: weight[queries[i]!.kind] })),
  );
  return ranked.map(([id, score]) => ({ ...first.get(id)!, score }));
}

/**
 * For each query, whether one of its own best passages holds enough of that query's content
 * words. A follow-up reading must also hold something the new question added ("and on Sunday?" needs
 * Sunday), so the previous question alone cannot make an unrelated follow-up answerable.
 */
async function answeringQueries(
  db: Db,
  agentId: string,
  queries: Query[],
  lists: SearchHit[][],
  version: number | null,
  reading: CrossReading | null,
) {
  const question = queries[0]!.text;
  // An expansion adds words the visitor did not say; its passages are judged on the visitor's own words.
  const shapes = queries.map((q) => queryShape(q.kind === "expansion" ? question : q.text));
  // "and how long does it take?" adds no thing of its own, "and do you sell cars?" does: cars must be found.
  const topic = queryShape(question, topicTerms(question));
  const judged = shapes.filter((_, i) => queries[i]!.kind !== "translation");
  const weights = await termWeights(db, agentId, [...new Set(judged.flatMap((s) => s.terms))], version);
  return queries.map((q, i) => {
    const hits = lists[i]!;
    // The other language's words are judged as groups: any word of an entry found counts for it.
    if (q.kind === "translation" && reading) return translationAnswers(hits, reading);
    if (bestCoverage(hits, shapes[i]!, weights) < ANSWERABLE_SHARE) return false;
    if (q.kind !== "followUp" || topic.terms.length === 0) return true;
    return bestCoverage(hits, topic, weights) > 0;
  });
}

/**
 * Whether every name the visitor typed ("Hà Nội", "iCloud", "S23") is in a passage found: a branch in
 * Hà Nội is not answered by the branch in Vỹ Dạ, an iCloud unlock not by a screen repair. The search looks for
 * a question's rarest words first, so a passage holding the name, if any, is among those found.
 */
function namesFound(question: string, lists: SearchHit[][]): boolean {
  const names = typedNames(question);
  if (names.length === 0) return true;
  const texts = new Map<number, string>();
  for (const list of lists)
    for (const h of list)
      if (!texts.has(h.passageId)) texts.set(h.passageId, ` ${passageSearchText(h.heading, h.content)} `);
  // Each word of the name in one passage, a plural at its singular ("iPads" → "iPad"), in any order
  // ("Samsung S23" is the row "Samsung Galaxy S23").
  const has = (t: string, w: string) =>
    t.includes(` ${w} `) || (/[^s]s$/.test(w) && t.includes(` ${w.slice(0, -1)} `));
  return names.every((name) => {
    const words = name.split(" ");
    return [...texts.values()].some((t) => words.every((w) => has(t, w)));
  });
}

/**
 * More than half for a translated reading: a lexicon entry's many words find more by chance than the
 * visitor's own (found "sửa" for "Do you repair motorbikes?" in "chỉnh sửa" is half of it).
 */
const TRANSLATION_SHARE = 0.6;

/** Whether one of the first passages a translated reading found holds enough of it, topic included. */
function translationAnswers(hits: SearchHit[], reading: CrossReading): boolean {
  return hits.slice(0, ANSWERABLE_CHECKED).some((h) => {
    const { share, topic } = crossCoverage(reading, ` ${passageSearchText(h.heading, h.content)} `);
    return topic && share >= TRANSLATION_SHARE;
  });
}
