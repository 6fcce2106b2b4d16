import "server-only";
import { foldForSearch } from "@/lib/retrieval/fold";
import { detectLanguage } from "@/lib/retrieval/language";
import {
  type CrossGroup,
  type CrossReading,
  crossCoverage,
  crossLingual,
  englishBases,
} from "@/lib/retrieval/lexicon";
import { LEXICON_LINES } from "@/lib/retrieval/lexicon-entries";
import { markedTokens } from "@/lib/retrieval/query";

/**
 * How close a visitor's question is to a taught question (issue 44), in the same language or across
 * English and Vietnamese, without a model. Two readings are compared and the better one counts:
 * - the words: the content words of each (function words of its language left out, English inflections
 *   folded by the lexicon's englishBases, Vietnamese accents folded), each side's share found in the other;
 * - the lexicon's reading (lib/retrieval/lexicon.ts): what each asks about as lexicon entries, compared
 *   entry by entry when both are in one language, and each reading looked for in the other's words when
 *   they are not (an English question meets a Vietnamese taught one this way).
 * Both directions must hold (their harmonic mean): a long question that merely contains a short taught
 * one's words, or a short one contained in a long taught one, is not the same question.
 */

/** A question read once, so comparing it with many costs only set lookups. */
export type Phrasing = {
  language: "en" | "vi";
  /** Folded, padded with spaces: ` the vang giam `. */
  padded: string;
  /** Content words, folded. */
  words: string[];
  /** Each content word's forms (an English word's bases). */
  forms: string[][];
  /** Every base form of the content words, for the other side's lookups. */
  bases: Set<string>;
  reading: CrossReading | null;
  /** The reading's groups by their words, with their weight. */
  groupKeys: Map<string, number>;
};

// Words that say how something is asked, not what: left out of the comparison (per language, so the
// Vietnamese "thẻ", folded to "the", is not taken for the English article).
const STOP_EN = new Set(
  (
    "a an the is are was were be been being am do does did doing what whats when where who whom why how " +
    "which can could would should will shall may might must you your yours i im my me we our ours us they " +
    "their them it its this that these those of in on at for with from to into about and or but if so " +
    "please tell know let me need want like there here any some also just get got have has had ok okay " +
    "hi hello thanks thank s t ll re ve d"
  ).split(" "),
);
const STOP_VI = new Set(
  (
    "toi minh ban em anh chi a ah nhe nha vay ha hoi xin vui long cam on co ko khong k dc duoc can muon " +
    "biet cho hoi oi shop ad admin nhi u vang day kia la va cua cac nhung mot voi thi ma khi nhu se dang " +
    "vi cung rat hoac nao gi ai sao the bao nhieu may chua roi nua di"
  ).split(" "),
);

// Words that name the business rather than what is asked ("Tiệm có …?", "Does the shop …?"): no topic,
// whether left as a literal word or read by the lexicon as "shop" or "cửa hàng".
const GENERIC = new Set([
  ...["tiem", "quan", "cua hang", "cuahang", "shop", "shops", "store", "stores", "branch", "branches"],
  ...["business", "office", "company", "cong ty", "ban", "minh"],
]);

/**
 * Each lexicon entry's Vietnamese forms as written, by its English forms as a reading's group lists them.
 * The lexicon matches Vietnamese folded, so a word typed with marks can be read as another word with the
 * same letters ("tiệm", a shop, as "tiêm", an injection; "có" as "cỡ"): a group read from Vietnamese text
 * is kept only when one of its forms is there as typed, marks and all, or where the visitor typed no marks.
 */
const VI_FORMS = (() => {
  const byKey = new Map<string, string[]>();
  for (const line of LEXICON_LINES.split("\n")) {
    const [enSide, viSide] = line.split("=");
    if (!enSide || !viSide) continue;
    const forms = (side: string) =>
      side
        .split("|")
        .map((f) => f.trim())
        .filter(Boolean);
    const key = [...new Set(forms(enSide).map((f) => foldForSearch(f)))].join("|");
    byKey.set(key, [...(byKey.get(key) ?? []), ...forms(viSide).map((f) => markedTokens(f).join(" "))]);
  }
  return byKey;
})();

function typedAsWritten(group: CrossGroup, marked: string, unmarked: string): boolean {
  const forms = VI_FORMS.get(group.words.join("|"));
  if (!forms) return true;
  return forms.some((f) => marked.includes(` ${f} `) || unmarked.includes(` ${foldForSearch(f)} `));
}

function readingOf(text: string, language: "en" | "vi"): CrossReading | null {
  const reading = crossLingual(text);
  if (!reading) return null;
  const stop = language === "en" ? STOP_EN : STOP_VI;
  const tokens = markedTokens(text);
  const marked = ` ${tokens.join(" ")} `;
  // Words typed with marks left out: what is left may be read either way.
  const unmarked = ` ${tokens.map((w) => (w === foldForSearch(w) ? w : "_")).join(" ")} `;
  const groups = reading.groups.filter((g) =>
    g.words.some((w) => GENERIC.has(w))
      ? false
      : g.literal
        ? !stop.has(g.words[0]!)
        : language === "en" || typedAsWritten(g, marked, unmarked),
  );
  return groups.length ? { ...reading, groups } : null;
}

export function readPhrasing(text: string): Phrasing {
  const folded = foldForSearch(text);
  const language = detectLanguage(text);
  const stop = language === "en" ? STOP_EN : STOP_VI;
  const words = folded ? folded.split(" ").filter((w) => !stop.has(w)) : [];
  const forms = words.map((w) => (language === "en" ? englishBases(w) : [w]));
  const reading = readingOf(text, language);
  const groupKeys = new Map<string, number>();
  for (const g of reading?.groups ?? []) groupKeys.set(g.words.join("|"), g.weight);
  return {
    language,
    padded: ` ${folded} `,
    words,
    forms,
    bases: new Set(forms.flat()),
    reading,
    groupKeys,
  };
}

/**
 * The words a phrasing can meet another by: its content words and their bases, and the words of its
 * lexicon reading. Two phrasings that share none cannot be similar (similarity is 0), so a question is
 * compared only with the phrasings it shares one with.
 */
export function keysOf(p: Phrasing): Set<string> {
  const keys = new Set([...p.words, ...p.bases]);
  for (const g of p.reading?.groups ?? []) for (const w of g.words) for (const t of w.split(" ")) keys.add(t);
  return keys;
}

const harmonic = (a: number, b: number) => (a + b === 0 ? 0 : (2 * a * b) / (a + b));

/** The share of `a`'s content words found among `b`'s. */
function wordShare(a: Phrasing, b: Phrasing): number {
  if (a.forms.length === 0) return 0;
  let found = 0;
  for (const forms of a.forms) if (forms.some((f) => b.bases.has(f))) found++;
  return found / a.forms.length;
}

/** Both readings' groups, in one language: the weighted share of `a`'s groups `b` has too. */
function groupShare(a: Phrasing, b: Phrasing): number {
  let total = 0;
  let found = 0;
  for (const [key, weight] of a.groupKeys) {
    total += weight;
    if (b.groupKeys.has(key)) found += weight;
  }
  return total ? found / total : 0;
}

function lexiconScore(a: Phrasing, b: Phrasing): number {
  if (!a.reading || !b.reading) return 0;
  if (a.language === b.language) {
    if (a.reading.target !== b.reading.target) return 0;
    return harmonic(groupShare(a, b), groupShare(b, a));
  }
  // Across languages each reading is in the other's language: looked for in its words.
  const ab = crossCoverage(a.reading, b.padded);
  const ba = crossCoverage(b.reading, a.padded);
  if (!ab.topic && !ba.topic) return 0;
  return harmonic(ab.share, ba.share);
}

/** 0…1: 1 for the same question. */
export function similarity(a: Phrasing, b: Phrasing): number {
  if (a.padded === b.padded && a.padded.trim()) return 1;
  const words = a.language === b.language ? harmonic(wordShare(a, b), wordShare(b, a)) : 0;
  return Math.max(words, lexiconScore(a, b));
}
