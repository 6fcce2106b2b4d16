import "server-only";
import { foldForSearch, searchTerms } from "./fold";

/**
 * A visitor's question turned into safe pieces of a tsquery. Every piece is made of folded letters and
 * digits only (the fold removed everything else), so no user syntax (& | ! ( ) : * <-> ') can reach
 * to_tsquery.
 */
export type SearchPlan = {
  /** The folded question, whose misspelt words search corrects against the agent's vocabulary. */
  folded: string;
  /** Words that decide whether a passage matches at all: distinct, function words left out. */
  terms: { exact: string; prefix: string | null }[];
  /** OR of the terms (with prefixes): the candidate filter. */
  any: string;
  /** Adjacent word pairs ("ho <-> chi", "chi <-> minh"): Vietnamese words are several syllables. */
  bigrams: string[];
  /** The whole question as a phrase, when it has 3 to 8 words. */
  phrase: string | null;
  /**
   * The question's own words with their diacritics, when it has any: folding merges "phở" and "phố",
   * "hồ" and "hộ", so a question typed with marks prefers passages that have the same marks.
   */
  marked: { terms: string[]; bigrams: [string, string][] } | null;
};

const MAX_WORDS = 32;

// Words too common to say anything about a passage (folded, so "là" is "la"). Kept short on purpose:
// folding merges words ("đá" stone, "đã" already, "Đà" in Đà Nẵng are all "da"), so ambiguous ones stay in.
// They still count inside bigrams and the phrase.
const STOPWORDS = new Set(
  (
    "a an and are as at be by for from how i in is it of on or that the this to was what when where which who " +
    "why will with you your do does can my me we our " +
    "la va cua cac nhung mot duoc cho voi trong khong nay thi ma de khi ve nhu se dang vi cung rat hay hoac " +
    "nao gi ai sao bao nhieu o tai the"
  ).split(" "),
);

/** Prefixes only for longer words: "hour" finds "hours", but "pho:*" would find "phong", "phoi"… */
const PREFIX_MIN = 4;

export function planSearch(query: string): SearchPlan | null {
  const words = searchTerms(query).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const distinct = [...new Set(words)];
  const content = distinct.filter((w) => !STOPWORDS.has(w));
  const chosen = content.length ? content : distinct;
  const terms = chosen.map((exact) => ({ exact, prefix: exact.length >= PREFIX_MIN ? `${exact}:*` : null }));
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    if (STOPWORDS.has(a) && STOPWORDS.has(b)) continue;
    const pair = `${a} <-> ${b}`;
    if (!bigrams.includes(pair)) bigrams.push(pair);
  }
  return {
    marked: markedWords(query),
    folded: words.join(" "),
    terms,
    any: terms.map((t) => t.prefix ?? t.exact).join(" | "),
    bigrams,
    phrase: words.length >= 3 && words.length <= 8 ? words.join(" <-> ") : null,
  };
}

/**
 * Lower-case words with their diacritics kept, as `markedScore` compares them: the runs of letters and
 * digits (\p{L}, \p{N}) of the text in NFC. Scanned by hand because splitting on
 * /[^\p{L}\p{N}]+/u took ~50 µs per 1,000 characters of Vietnamese, and every candidate passage of a
 * marked question is read this way.
 */
export function markedTokens(text: string): string[] {
  const lower = text.normalize("NFC").toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < lower.length; ) {
    const code = lower.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (isWordChar(code)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(lower.slice(start, i));
      start = -1;
    }
    i += width;
  }
  if (start >= 0) words.push(lower.slice(start));
  return words;
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** Code points above ASCII, classified once each (a text uses few distinct ones); bounded. */
const wordChars = new Map<number, boolean>();
const WORD_CHARS_MAX = 8192;

function isWordChar(code: number): boolean {
  if (code < 128)
    return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  let known = wordChars.get(code);
  if (known === undefined) {
    known = WORD_CHAR.test(String.fromCodePoint(code));
    if (wordChars.size < WORD_CHARS_MAX) wordChars.set(code, known);
  }
  return known;
}

function markedWords(query: string): SearchPlan["marked"] {
  const words = markedTokens(query).slice(0, MAX_WORDS);
  if (words.every((w) => foldForSearch(w) === w)) return null;
  const content = [...new Set(words)].filter((w) => !STOPWORDS.has(foldForSearch(w)));
  const bigrams: [string, string][] = [];
  for (let i = 0; i + 1 < words.length; i++) bigrams.push([words[i]!, words[i + 1]!]);
  return { terms: content.length ? content : [...new Set(words)], bigrams };
}

/** A question's marked words and pairs as lookups by word, made once per plan. */
type MarkedLookup = {
  /** Each distinct term's index in `terms`. */
  term: Map<string, number>;
  /** first word → second word → the indices of that pair in `bigrams` (a pair may repeat). */
  pair: Map<string, Map<string, number[]>>;
};
const lookups = new WeakMap<NonNullable<SearchPlan["marked"]>, MarkedLookup>();

function lookupOf(marked: NonNullable<SearchPlan["marked"]>): MarkedLookup {
  let found = lookups.get(marked);
  if (found) return found;
  // The terms are distinct (markedWords); a pair may repeat, and counts as often as it does.
  const term = new Map(marked.terms.map((t, i) => [t, i]));
  const pair = new Map<string, Map<string, number[]>>();
  marked.bigrams.forEach(([a, b], i) => {
    const seconds = pair.get(a) ?? new Map<string, number[]>();
    pair.set(a, seconds);
    seconds.set(b, [...(seconds.get(b) ?? []), i]);
  });
  found = { term, pair };
  lookups.set(marked, found);
  return found;
}

/**
 * 0…1: how many of the question's marked words, and adjacent pairs, a passage has with the same marks.
 * One pass over the passage's words, looking each up in the question's: it runs on every candidate of a
 * marked question (up to 50 per list, a list per reading), where building the passage's sets of words and
 * pairs took ~32 µs a passage, ~5 ms of a Vietnamese question's CPU (issue 18).
 */
export function markedScore(marked: NonNullable<SearchPlan["marked"]>, text: string): number {
  const { term, pair } = lookupOf(marked);
  const termFound = new Uint8Array(marked.terms.length);
  const pairFound = new Uint8Array(marked.bigrams.length);
  let previous: Map<string, number[]> | undefined;
  for (const token of markedTokens(text)) {
    const t = term.get(token);
    if (t !== undefined) termFound[t] = 1;
    const at = previous?.get(token);
    if (at) for (const i of at) pairFound[i] = 1;
    previous = pair.get(token);
  }
  const termShare = termFound.reduce((sum, f) => sum + f, 0) / marked.terms.length;
  const pairs = pairFound.reduce((sum, f) => sum + f, 0);
  const pairShare = marked.bigrams.length ? pairs / marked.bigrams.length : termShare;
  return (termShare + pairShare) / 2;
}
