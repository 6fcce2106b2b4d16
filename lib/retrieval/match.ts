import "server-only";
import { TtlLru } from "@/lib/cache/ttl-lru";
import { contentTerms, markedForms, syllablePairs, synonymsOf, type TermWeights } from "./answerable";
import { foldForSearch, searchTerms } from "./fold";
import { markedTokens } from "./query";
import { sentences } from "./sentences";

/**
 * Which sentences (or spreadsheet rows) of a passage answer the question, scored 0…1. A passage is
 * 800–1200 characters and often holds several unrelated facts (the Wi-Fi password next to the delivery
 * fee): the built-in answer quotes the sentences, not the passage. The score is the share of the
 * question's content words a sentence holds, each word weighted by its rarity among the agent's passages
 * (the same weights the answerable verdict uses), with Vietnamese two-syllable words counted whole.
 */

export type Unit = {
  text: string;
  /** A spreadsheet row: "Header: value; Header: value" pairs, shown as a table or list, never cut. */
  row: { name: string; value: string }[] | null;
  /** Position in the passage, for reading order and for telling neighbours apart. */
  index: number;
};

export type QuestionShape = {
  terms: string[];
  pairs: [string, string][];
  marks: Map<string, string[]> | null;
  /** What the answer holds for the kind of fact asked (an amount, a duration, an address), if asked. */
  wants: RegExp[];
  /** An English question's words' other forms in the lexicon: see answerable.ts synonymsOf. */
  synonyms: Map<string, string[]> | null;
};

export function questionShape(question: string): QuestionShape {
  const terms = contentTerms(question);
  return {
    terms,
    synonyms: synonymsOf(question, terms),
    pairs: syllablePairs(question),
    marks: markedForms(question),
    wants: wantedKinds(question),
  };
}

// The kinds of fact a question asks for (on the folded question) and what a sentence holding one looks
// like (on the sentence as written): the price question wants the sentence with the amount, not the one
// that merely names the product.
const MONEY =
  /\d[\d.,]*\s?(?:đ|₫|vnd|vnđ|đồng|usd|k|nghìn|ngàn|triệu)(?![\p{L}])|\$\s?\d|(?<!\p{L})(?:miễn phí|free)(?!\p{L})/iu;
const PERCENT = /\d+(?:[.,]\d+)?\s?%/u;
const DURATION =
  /\d+\s?(?:-\s?\d+\s?)?(?:ngày|giờ|tiếng|phút|tuần|tháng|năm|days?|hours?|minutes?|weeks?|months?|years?)(?![\p{L}])/iu;
const CLOCK = /\d{1,2}(?::\d{2}|\s?h\d{0,2}(?![\p{L}])|\s?(?:am|pm|giờ)(?![\p{L}]))/iu;
const ADDRESS =
  /địa chỉ|address|(?<!\p{L})(?:số \d+|đường|phường|quận|huyện|street|road|ward|district)(?!\p{L})|\d+[a-z]?\s+\p{Lu}/u;
const PHONE = /\d{3,4}[ .]?\d{3}[ .]?\d{3,4}/u;
const KINDS: [RegExp, RegExp[]][] = [
  [/\b(?:phan tram|percent|percentage)\b/, [PERCENT]],
  [/\b(?:how much|price|prices|cost|costs|fee|fees|charge|gia|phi|bao nhieu tien|tien)\b/, [MONEY]],
  [/\b(?:how long|how many days|bao lau|may ngay|mat bao lau|mat may)\b/, [DURATION]],
  [/\b(?:what time|when|open|opens|close|closes|hours|may gio|luc may|gio nao|mo cua|dong cua)\b/, [CLOCK]],
  [/\b(?:where|address|located|o dau|dia chi|cho nao)\b/, [ADDRESS]],
  [/\b(?:phone|call|hotline|number|so dien thoai|sdt|goi)\b/, [PHONE]],
  // "được giảm bao nhiêu?": an amount or a share, whichever the documents give.
  [/\bbao nhieu\b/, [MONEY, PERCENT]],
];

export function wantedKinds(question: string): RegExp[] {
  const folded = ` ${foldForSearch(question)} `;
  const wants: RegExp[] = [];
  for (const [asks, looks] of KINDS) if (asks.test(folded)) wants.push(...looks);
  return [...new Set(wants)];
}

/** What a sentence that holds the kind of fact asked adds to its score (it must share a word too). */
export const KIND_BONUS = 0.2;

// At least two "Header: value" pairs separated by "; ": how lib/ingest/parse/rows.ts writes a row.
const ROW = /^[^:;\n]{1,80}: [^;\n]*(?:; [^:;\n]{1,80}: [^;\n]*)+$/;

/**
 * A passage's lines, rows kept whole and prose cut into sentences. A question is kept with the sentence
 * that follows it (a FAQ, or an answer the owner added to an unanswered question): alone it matches the
 * visitor's question best of all and answers nothing.
 */
export function passageUnits(content: string): Unit[] {
  const units: Unit[] = [];
  let question: string | null = null;
  const prose = (sentence: string) => {
    const text = question === null ? sentence : `${question} ${sentence}`;
    question = null;
    // The sentence, not the text so far: questions in a row would be read again for each one.
    if (/[?？]\s*$/.test(sentence)) question = text;
    else units.push({ text, row: null, index: units.length });
  };
  for (const raw of content.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (ROW.test(line)) {
      if (question !== null) units.push({ text: question, row: null, index: units.length });
      question = null;
      const row = line.split("; ").map((pair) => {
        const at = pair.indexOf(": ");
        return { name: pair.slice(0, at).trim(), value: pair.slice(at + 2).trim() };
      });
      units.push({ text: line, row, index: units.length });
      continue;
    }
    for (const s of sentences(line)) prose(s);
  }
  // A question nothing follows is still text of the passage.
  if (question !== null) units.push({ text: question, row: null, index: units.length });
  return units;
}

/** Words a heading contributes count for less: every sentence under it has them. */
const HEADING_SHARE = 0.5;
/** A word typed with other diacritics than the sentence has ("phở" asked, "phố" found) counts for less. */
const OTHER_MARKS_SHARE = 0.5;
/** How much adjacent Vietnamese syllables ("nhận phòng") decide over loose ones ("phòng … nhận"). */
const PAIR_SHARE = 0.25;

/** A unit with what scoring reads of it, worked out once per passage text (see analyzedUnits). */
export type AnalyzedUnit = Unit & {
  own: TokenSet;
  /** The folded text, padded with a space each side (adjacent pairs are looked up in it). */
  folded: string;
  /** Its words as written, diacritics kept: read only for a question typed with them. */
  marked(): Set<string>;
};

/**
 * The same passages come back for question after question (remembered searches, an agent's popular
 * topics), and cutting, folding and indexing their sentences cost milliseconds per answer: kept per
 * passage text, which is its own key.
 */
const analyzed = new TtlLru<AnalyzedUnit[]>(2_000, 10 * 60_000);
const headings = new TtlLru<TokenSet>(2_000, 10 * 60_000);

export function analyzedUnits(content: string): AnalyzedUnit[] {
  return analyzed.remember(content, () =>
    passageUnits(content).map((unit): AnalyzedUnit => {
      let marked: Set<string> | undefined;
      return {
        ...unit,
        own: tokenSet(unit.text),
        folded: ` ${foldForSearch(unit.text)} `,
        marked: () => {
          marked ??= new Set(markedTokens(unit.text));
          return marked;
        },
      };
    }),
  );
}

export function headingTokens(heading: string | null): TokenSet | null {
  return heading ? headings.remember(heading, () => tokenSet(heading)) : null;
}

export function scoreUnit(
  unit: AnalyzedUnit,
  head: TokenSet | null,
  shape: QuestionShape,
  weights: TermWeights,
): number {
  const { terms, pairs, marks, synonyms } = shape;
  if (terms.length === 0) return 0;
  const { own } = unit;
  const synonym = (t: string) =>
    synonyms?.get(t)?.some((s) => (s.includes(" ") ? unit.folded.includes(` ${s} `) : own.has(s))) ?? false;
  const marked = marks ? unit.marked() : null;
  // "chu" of "chủ nhật" counts only with "nhat" in the sentence too: alone it is "chữ" (letters) or "chú".
  const partners = (t: string) => pairs.flatMap(([a, b]) => (a === t ? [b] : b === t ? [a] : []));
  const withPartner = (t: string) => {
    const others = partners(t);
    return others.length === 0 || others.some((o) => own.has(o));
  };
  let total = 0;
  let matched = 0;
  for (const t of terms) {
    const w = Math.max(weights.get(t) ?? 1, 0.05);
    total += w;
    if (own.has(t) && withPartner(t)) {
      const forms = marks?.get(t);
      const sameMarks = !forms || !marked || forms.some((f) => marked.has(f));
      matched += sameMarks ? w : w * OTHER_MARKS_SHARE;
    } else if (synonym(t)) matched += w;
    else if (head?.has(t)) matched += w * HEADING_SHARE;
  }
  const share = matched / total;
  const kind = share > 0 && shape.wants.some((re) => re.test(unit.text)) ? KIND_BONUS : 0;
  if (pairs.length === 0) return share + kind;
  const adjacent = pairs.filter(([a, b]) => unit.folded.includes(` ${a} ${b} `)).length / pairs.length;
  return (1 - PAIR_SHARE) * share + PAIR_SHARE * Math.min(adjacent, share) + kind;
}

/**
 * Folded words of a text with their stems and prefixes' roots, and hyphen-split words joined back
 * ("Wi-Fi" is also "wifi"), so "prices" meets "price" and "hour" meets "hours".
 */
type TokenSet = { has: (t: string) => boolean };

function tokenSet(text: string): TokenSet {
  const tokens = searchTerms(text);
  const present = new Set(tokens);
  for (let i = 0; i + 1 < tokens.length; i++) present.add(tokens[i]! + tokens[i + 1]!);
  const stems = new Set([...present].map(stem));
  return {
    has: (t) =>
      present.has(t) || stems.has(stem(t)) || (t.length >= 4 && tokens.some((w) => w.startsWith(t))),
  };
}

/** English plurals and verb forms meet their root, as in answerable.ts. */
function stem(word: string): string {
  // "cars" is "car" too; Vietnamese syllables never end in s.
  if (word.length <= 4) return word.length === 4 && /[^s]s$/.test(word) ? word.slice(0, -1) : word;
  return word.replace(/(ing|ed|es|s)$/, "");
}
