import "server-only";
import { TtlLru } from "@/lib/cache/ttl-lru";
import type { Db } from "@/lib/db/client";
import { foldForSearch, passageSearchText, searchTerms } from "./fold";
import { detectLanguage } from "./language";
import { englishSynonyms } from "./lexicon";
import { markedTokens } from "./query";
import type { SearchHit } from "./search";
import { documentFrequencies } from "./term-stats";
import { vocabularySnapshot } from "./vocabulary-snapshot";

/**
 * Whether the best passages actually answer the question, or merely share a word or two with it. The
 * share of the question's content words a passage holds is weighted by how rare each word is in this
 * agent's passages: a word no passage has ("parking", "visa") is what the question is about, and its
 * absence is what tells us to give the fallback message instead of guessing.
 */

// How a question asks, not what it asks about (folded: "có" is "co"). Follow-up markers are here too.
const SCAFFOLDING = new Set(
  (
    "a an the is are was were be been being do does did what whats when where who whom why how which can " +
    "could would should will shall may might must you your yours i im my me we our us they their them it " +
    "its this that these those of in on at for with from to into about and or but not no yes please have " +
    "has had there here if than then also just any anything some tell know like get got need want let " +
    "hi hello thanks thank ok okay so too as well instead still really offer provide sell available there " +
    // Generic words of a long English question: "whether … any kind of … how they are doing".
    "whether kind sort type doing done happen happens happened way somewhere anywhere something everything " +
    "la va cua cac nhung mot duoc cho voi trong khong nay thi ma de khi ve nhu se dang vi cung rat hay " +
    "hoac nao gi ai sao o tai the toi minh ban em anh chi ah nhe vay ha hoi xin vui long cam on co ko " +
    "k dc can muon biet lam giup con nua roi chua oi shop ad admin nhi a u vang day kia vao"
  ).split(" "),
);

// Words that say which kind of fact is wanted (a price, the hours) rather than which one: they count a
// little, so "how much is a croissant?" is about the croissant, whatever word the price list uses.
const INTENT = new Set(
  (
    "price prices cost costs much many fee fees charge charges gia phi tien dong vnd bao nhieu lau " +
    "hour hours open opening opens close closes closing time times gio luc mo cua ngay day days long " +
    "address located location dia chi dau phone number contact lien he so dien thoai buoi sang chieu " +
    // "bao nhiêu phần trăm?" asks for a share: the document writes "10%", which no word search finds.
    "phan tram percent percentage " +
    // Generic verbs and nouns: "do you build websites?" is about websites, "payment terms" about payment.
    "build make create give help work take takes terms policy options details information info service services"
  ).split(" "),
);
const INTENT_WEIGHT = 0.3;
/**
 * …but never more than half a word found in one passage only. On an agent of one passage every word of
 * it is in every passage (idf 0.29, less than the fixed 0.3), so the "bao nhiêu" a price question asks
 * outweighed the "khám" it asks about: "Phí khám bao nhiêu?" fell back on the one text that says "Phí
 * khám là 200.000 đồng.". At half, the same question on a text that only gives the opening hours still
 * falls back (a third would let it quote the hours). From two passages on, the fixed weight applies.
 */
const INTENT_SHARE_OF_RARE = 0.5;

/** At least this share (by weight) of the question's content words in one passage. */
export const ANSWERABLE_SHARE = 0.5;
/** Only the first passages are read: the engine quotes the top few, not the tenth. */
export const ANSWERABLE_CHECKED = 3;

/** What the answerable verdict compares with a passage: see contentTerms, syllablePairs, markedForms. */
export type QueryShape = {
  terms: string[];
  pairs: [string, string][];
  marks: Map<string, string[]> | null;
  /** An English question's words' other forms in the lexicon ("quit" → "withdraw"), or null. */
  synonyms: Map<string, string[]> | null;
};

export function queryShape(text: string, terms = contentTerms(text)): QueryShape {
  return { terms, pairs: syllablePairs(text), marks: markedForms(text), synonyms: synonymsOf(text, terms) };
}

/** Each English term's lexicon synonyms (folded; a synonym may be several words). */
export function synonymsOf(text: string, terms: string[]): Map<string, string[]> | null {
  if (detectLanguage(text) !== "en") return null;
  const map = new Map<string, string[]>();
  for (const t of terms) {
    const others = englishSynonyms(t);
    if (others.length > 0) map.set(t, others);
  }
  return map.size > 0 ? map : null;
}

/** The distinct folded words of a question that say what it is about. */
export function contentTerms(text: string): string[] {
  const kept = new Set(
    markedTokens(text)
      .filter((w) => MARKED_CONTENT.has(w))
      .map((w) => foldForSearch(w)),
  );
  return [...new Set(searchTerms(text))].filter((w) => !SCAFFOLDING.has(w) || kept.has(w));
}

// Typed with these marks, a word is a thing, not the scaffolding its folded form also spells: "Thẻ Vàng"
// (the gold card) is not "the" and "vâng".
const MARKED_CONTENT = new Set(["thẻ", "vàng", "bàn", "bán"]);

/** Content terms that name a thing rather than a kind of fact: "implants" in "what about implants?". */
export function topicTerms(text: string): string[] {
  return contentTerms(text).filter((w) => !INTENT.has(w));
}

/**
 * Adjacent topic syllables of a Vietnamese question ("trung thu" in "bánh trung thu"): a Vietnamese word
 * is often two syllables, and "thu" alone (as in "thứ Hai") is not the word the visitor asked about.
 * English words stand alone, so English questions have none.
 */
export function syllablePairs(text: string): [string, string][] {
  if (detectLanguage(text) !== "vi") return [];
  const words = searchTerms(text);
  const topic = (w: string) => !SCAFFOLDING.has(w) && !INTENT.has(w);
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    if (topic(words[i]!) && topic(words[i + 1]!)) pairs.push([words[i]!, words[i + 1]!]);
  }
  return pairs;
}

/**
 * How a question typed with diacritics wrote each of its words ("trung" → ["trung"]), or null for a
 * question typed without them. Folding merges "trung thu" (mid-autumn) with "trứng" (egg) and "thứ"
 * (weekday); a visitor who writes marks meant the unmarked "trung" too.
 */
export function markedForms(text: string): Map<string, string[]> | null {
  const words = markedTokens(text);
  const marked = words.filter((w) => foldForSearch(w) !== w).length;
  // Mostly-marked only: "Tiem có mở cửa" has a forgotten mark, not a different word.
  if (marked === 0 || marked * 3 < words.length * 2) return null;
  const forms = new Map<string, string[]>();
  for (const w of words) {
    const key = foldForSearch(w);
    forms.set(key, [...(forms.get(key) ?? []), w]);
  }
  return forms;
}

export type TermWeights = Map<string, number>;

/** Rarity of each term among the agent's passages (the BM25 idf); intent words a small fixed weight. */
export async function termWeights(
  db: Db,
  agentId: string,
  terms: string[],
  /** The agent's corpus stamp, when read: the counts may then come from its vocabulary in memory. */
  corpusVersion?: number | null,
): Promise<TermWeights> {
  const weights: TermWeights = new Map();
  if (terms.length === 0) return weights;
  const snapshot = vocabularySnapshot(db, agentId, corpusVersion);
  const { n, df } = await documentFrequencies(db, agentId, terms, snapshot);
  // An intent word weighs the same on every agent of a size: whether this one uses "much" says nothing.
  const intent = intentWeight(n);
  for (const t of terms) weights.set(t, INTENT.has(t) ? intent : idf(n, df.get(t) ?? 0));
  return weights;
}

/** BM25's rarity of a word in `d` of `n` passages. */
function idf(n: number, d: number): number {
  return Math.log(1 + (n - d + 0.5) / (d + 0.5));
}

/** What an intent word weighs among `n` passages: see INTENT_SHARE_OF_RARE. */
export function intentWeight(n: number): number {
  return Math.min(INTENT_WEIGHT, INTENT_SHARE_OF_RARE * idf(Math.max(n, 1), 1));
}

/**
 * 0…1: the weighted share of `terms` a passage holds (a prefix or a plural counts: "hour" in "hours").
 * A syllable of one of `pairs` counts only where the passage has one of its partners too; a word of a
 * question typed with diacritics, only with the same diacritics.
 */
export function coverage(hit: SearchHit, query: QueryShape, weights: TermWeights): number {
  const { terms, pairs, marks, synonyms } = query;
  if (terms.length === 0) return 0;
  const { tokens, present, stems, marked, padded } = passageWords(hit);
  const markedPresent = marks ? marked() : null;
  const sameMarks = (t: string) => {
    const forms = marks?.get(t);
    return !forms || !markedPresent || forms.some((f) => markedPresent.has(f));
  };
  // Where the passage has the very word, its marks decide; "hour" may still find "hours" by prefix.
  const word = (t: string) =>
    present.has(t) || stems.has(stem(t)) || (t.length >= 4 && tokens.some((w) => w.startsWith(t)));
  const synonym = (t: string) =>
    synonyms?.get(t)?.some((s) => (s.includes(" ") ? padded.includes(` ${s} `) : word(s))) ?? false;
  const found = (t: string) => (present.has(t) ? sameMarks(t) : word(t) || synonym(t));
  const partners = (t: string) => pairs.flatMap(([a, b]) => (a === t ? [b] : b === t ? [a] : []));
  // "thu" of "trung thu" counts only with "trung" somewhere too: alone it is the "thứ" of "thứ Hai".
  const has = (t: string) => {
    const others = partners(t);
    return found(t) && (others.length === 0 || others.some(found));
  };
  let total = 0;
  let matched = 0;
  for (const t of terms) {
    // A word in every passage weighs nothing; a floor keeps such questions decidable at all.
    const w = Math.max(weights.get(t) ?? 1, 0.05);
    total += w;
    if (has(t)) matched += w;
  }
  return matched / total;
}

type PassageWords = {
  tokens: string[];
  /** The folded words joined, a space each side: several-word synonyms are looked up in it. */
  padded: string;
  present: Set<string>;
  stems: Set<string>;
  marked(): Set<string>;
};

/**
 * A passage's folded words, worked out once per text: the same passages are judged for question after
 * question (remembered searches, an agent's popular topics), and folding them is most of the verdict's cost.
 */
const passageWordCache = new TtlLru<PassageWords>(2_000, 10 * 60_000);

function passageWords(hit: Pick<SearchHit, "heading" | "content">): PassageWords {
  return passageWordCache.remember(`${hit.heading ?? ""}\u0000${hit.content}`, () => {
    const tokens = passageSearchText(hit.heading, hit.content).split(" ");
    let marked: Set<string> | undefined;
    return {
      tokens,
      padded: ` ${tokens.join(" ")} `,
      present: new Set(tokens),
      stems: new Set(tokens.map(stem)),
      marked: () => {
        marked ??= new Set(markedTokens(`${hit.heading ?? ""} ${hit.content}`));
        return marked;
      },
    };
  });
}

/** The best share any of the first hits reaches. */
export function bestCoverage(hits: SearchHit[], query: QueryShape, weights: TermWeights): number {
  return Math.max(0, ...hits.slice(0, ANSWERABLE_CHECKED).map((h) => coverage(h, query, weights)));
}

/** English plurals and verb forms meet their root: "prices" ~ "price", "opening" ~ "open". */
function stem(word: string): string {
  // "cars" is "car" too ("is there car parking?"); Vietnamese syllables never end in s.
  if (word.length <= 4) return word.length === 4 && /[^s]s$/.test(word) ? word.slice(0, -1) : word;
  return word.replace(/(ing|ed|es|s)$/, "");
}
