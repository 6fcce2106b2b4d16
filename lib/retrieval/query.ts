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

/** Lower-case words with their diacritics kept, as `markedScore` compares them. */
export function markedTokens(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function markedWords(query: string): SearchPlan["marked"] {
  const words = markedTokens(query).slice(0, MAX_WORDS);
  if (words.every((w) => foldForSearch(w) === w)) return null;
  const content = [...new Set(words)].filter((w) => !STOPWORDS.has(foldForSearch(w)));
  const bigrams: [string, string][] = [];
  for (let i = 0; i + 1 < words.length; i++) bigrams.push([words[i]!, words[i + 1]!]);
  return { terms: content.length ? content : [...new Set(words)], bigrams };
}

/** 0…1: how many of the question's marked words, and adjacent pairs, a passage has with the same marks. */
export function markedScore(marked: NonNullable<SearchPlan["marked"]>, text: string): number {
  const tokens = markedTokens(text);
  const present = new Set(tokens);
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < tokens.length; i++) pairs.add(`${tokens[i]} ${tokens[i + 1]}`);
  const terms = marked.terms.filter((t) => present.has(t)).length / marked.terms.length;
  const bigrams = marked.bigrams.length
    ? marked.bigrams.filter(([a, b]) => pairs.has(`${a} ${b}`)).length / marked.bigrams.length
    : terms;
  return (terms + bigrams) / 2;
}
