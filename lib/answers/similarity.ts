import "server-only";
import { foldForSearch } from "@/lib/retrieval/fold";
import { detectLanguage } from "@/lib/retrieval/language";
import { type CrossReading, crossCoverage, crossLingual, englishBases } from "@/lib/retrieval/lexicon";

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
  /** Every base form of the content words, for the other side's lookups. */
  bases: Set<string>;
  reading: CrossReading | null;
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

export function readPhrasing(text: string): Phrasing {
  const folded = foldForSearch(text);
  const language = detectLanguage(text);
  const stop = language === "en" ? STOP_EN : STOP_VI;
  const words = folded ? folded.split(" ").filter((w) => !stop.has(w)) : [];
  const bases = new Set(words.flatMap((w) => (language === "en" ? englishBases(w) : [w])));
  return { language, padded: ` ${folded} `, words, bases, reading: crossLingual(text) };
}

const harmonic = (a: number, b: number) => (a + b === 0 ? 0 : (2 * a * b) / (a + b));

/** The share of `a`'s content words found among `b`'s. */
function wordShare(a: Phrasing, b: Phrasing): number {
  if (a.words.length === 0) return 0;
  let found = 0;
  for (const w of a.words) {
    const forms = a.language === "en" ? englishBases(w) : [w];
    if (forms.some((f) => b.bases.has(f))) found++;
  }
  return found / a.words.length;
}

/** Both readings' groups, in one language: the weighted share of `a`'s groups `b` has too. */
function groupShare(a: CrossReading, b: CrossReading): number {
  const keys = new Set(b.groups.map((g) => g.words.join("|")));
  let total = 0;
  let found = 0;
  for (const g of a.groups) {
    total += g.weight;
    if (keys.has(g.words.join("|"))) found += g.weight;
  }
  return total ? found / total : 0;
}

function lexiconScore(a: Phrasing, b: Phrasing): number {
  if (!a.reading || !b.reading) return 0;
  if (a.language === b.language) {
    if (a.reading.target !== b.reading.target) return 0;
    return harmonic(groupShare(a.reading, b.reading), groupShare(b.reading, a.reading));
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
