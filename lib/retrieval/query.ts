import { searchTerms } from "./fold";

/**
 * A visitor's question turned into safe pieces of a tsquery. Every piece is made of folded letters and
 * digits only (the fold removed everything else), so no user syntax (& | ! ( ) : * <-> ') can reach
 * to_tsquery.
 */
export type SearchPlan = {
  /** The folded question, for the trigram fallback. */
  folded: string;
  /** Words that decide whether a passage matches at all: distinct, function words left out. */
  terms: { exact: string; prefix: string | null }[];
  /** OR of the terms (with prefixes): the candidate filter. */
  any: string;
  /** Adjacent word pairs ("ho <-> chi", "chi <-> minh"): Vietnamese words are several syllables. */
  bigrams: string[];
  /** The whole question as a phrase, when it has 3 to 8 words. */
  phrase: string | null;
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
    folded: words.join(" "),
    terms,
    any: terms.map((t) => t.prefix ?? t.exact).join(" | "),
    bigrams,
    phrase: words.length >= 3 && words.length <= 8 ? words.join(" <-> ") : null,
  };
}
