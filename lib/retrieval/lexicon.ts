import "server-only";
import { foldForSearch } from "./fold";
import { detectLanguage } from "./language";
import { LEXICON_LINES } from "./lexicon-entries";
import { markedTokens } from "./query";

/**
 * Cross-lingual reading of a question without a model (issue 44 item 1): an English question over
 * Vietnamese documents is searched with the Vietnamese words of the lexicon for what it asks, plus its
 * literal tokens (names, brands like MoMo, numbers, codes) as they are; a Vietnamese question the same way
 * in English. The answerable verdict judges such a reading by its groups: one group per lexicon entry
 * matched (any of its words found counts), one per literal word left over.
 */

type Entry = { en: string[][]; vi: string[][]; viText: string[]; enText: string[]; intent: boolean };

/** A group of alternatives (folded, each maybe several words): one thing the question asks about. */
export type CrossGroup = { words: string[]; weight: number; literal: boolean };

export type CrossReading = {
  /** The language the reading is in (the documents' presumed one). */
  target: "en" | "vi";
  /** The search text: every alternative, then the literal tokens. */
  text: string;
  groups: CrossGroup[];
};

// Words that ask how, not what: they need no translation and are not literal tokens either.
const FILLER = new Set(
  (
    "a an the is are was were be been being do does did what whats when where who whom why how which can " +
    "could would should will shall may might must you your yours i im my me we our us they their them it its " +
    "this that these those of in on at for with from to into about and or but not no yes please have has had " +
    "there here if than then also just any anything some something tell know like get got need want let hi " +
    "hello thanks thank ok okay so too as well still really offer provide sell kind sort type whether much " +
    "many there s go come going possible allowed allow use using am ever usually normally currently each every " +
    "one ones other others own way bit lot lots all by via per up out off over under after before during " +
    "since until till while again ago yet very quite most more less few such same than both either " +
    "neither nor only ours yourself someone anyone everyone we've i'd i'm don't doesn't isn't" +
    " toi minh ban em anh chi a ah nhe vay ha hoi xin vui long cam on co ko khong k dc duoc can muon biet lam " +
    "giup con nua roi chua oi shop ad admin nhi u vang day kia vao la va cua cac nhung mot cho voi trong nay " +
    "thi ma de khi ve nhu se dang vi cung rat hay hoac nao gi ai sao o tai the bao nhieu"
  ).split(" "),
);

// Entries that say which kind of fact is wanted rather than which one: they weigh little.
const INTENT_WORDS = new Set(
  "open opening hour hours time times price prices cost how much fee fees charge address location where phone number how long day days what time".split(
    " ",
  ),
);
const INTENT_WEIGHT = 0.3;
// The business itself ("the office's opening hours", "where is your shop?"): the place asked about is the
// one whose documents these are, so the word says nothing about which of its facts is wanted.
const SELF_WORDS = new Set(
  "office shop store school clinic cafe restaurant bakery place business company salon studio center centre".split(
    " ",
  ),
);
/** A name, brand, number or code the visitor typed ("MoMo", "B02", "iPhone"): what it is about. */
const LITERAL_WEIGHT = 1.5;
/**
 * A plain word the lexicon does not know ("bring" in "Can I bring my dog?"): often a verb around the thing
 * asked, sometimes the thing itself. It counts, but less than a word the lexicon read: a question made
 * only of unknown words still finds no topic and falls back.
 */
const UNKNOWN_WEIGHT = 0.5;

const split = (form: string) => foldForSearch(form).split(" ").filter(Boolean);

const ENTRIES: Entry[] = LEXICON_LINES.split("\n")
  .map((line) => line.trim())
  .filter((line) => line.includes("="))
  .map((line) => {
    const [en, vi] = line.split("=").map((side) =>
      side
        .split("|")
        .map((f) => f.trim())
        .filter(Boolean),
    ) as [string[], string[]];
    return {
      en: en.map(split),
      vi: vi.map(split),
      viText: vi,
      enText: en,
      // The first English form names the entry: "open" (and its "business hour") is a kind of fact.
      intent: SELF_WORDS.has(en[0]!) || en[0]!.split(" ").every((w) => INTENT_WORDS.has(w) || FILLER.has(w)),
    };
  });

/** Each form's first word → the entries with a form starting with it, and that form. */
function indexBy(side: "en" | "vi") {
  const index = new Map<string, { entry: Entry; form: string[]; order: number }[]>();
  for (const entry of ENTRIES)
    entry[side].forEach((form, order) => {
      if (form.length === 0) return;
      const list = index.get(form[0]!) ?? [];
      list.push({ entry, form, order });
      index.set(form[0]!, list);
    });
  // Longest forms first, so "garlic butter bread" wins over "bread"; then the entry the form names first
  // ("chủ nhật" is Sunday before it is part of the weekend).
  for (const list of index.values()) list.sort((a, b) => b.form.length - a.form.length || a.order - b.order);
  return index;
}
const BY_EN = indexBy("en");
const BY_VI = indexBy("vi");

/**
 * Other English forms of the lexicon entries an English word is a form of ("quit" → "withdraw", "dog" →
 * "pet"), folded, each maybe several words: a question worded unlike an English document still finds the
 * document's word. Entries that only name a kind of fact are left out: they weigh little anyway.
 */
const EN_SYNONYMS = (() => {
  const map = new Map<string, string[]>();
  for (const entry of ENTRIES) {
    if (entry.intent) continue;
    const forms = entry.en.map((f) => f.join(" "));
    for (const form of entry.en) {
      if (form.length !== 1 || FILLER.has(form[0]!)) continue;
      const others = forms.filter((f) => f !== form[0] && !FILLER.has(f));
      map.set(form[0]!, [...new Set([...(map.get(form[0]!) ?? []), ...others])]);
    }
  }
  return map;
})();

export function englishSynonyms(word: string): string[] {
  const out = new Set<string>();
  for (const base of englishBases(word)) for (const s of EN_SYNONYMS.get(base) ?? []) out.add(s);
  out.delete(word);
  return [...out];
}

/** Every form of every entry, both languages, folded: what the lexicon knows is no name. */
const KNOWN_FORMS = new Set(ENTRIES.flatMap((e) => [...e.en, ...e.vi].map((f) => f.join(" "))));
const known = (folded: string) =>
  KNOWN_FORMS.has(folded) || englishBases(folded).some((b) => KNOWN_FORMS.has(b));

/**
 * The names the visitor typed — a place, a brand, a product ("Hà Nội", "iCloud", "S23") — folded, each
 * maybe several words: a run of words capitalised inside a sentence, or a word with a capital or a digit
 * inside it. What the lexicon knows ("Sunday", "Thẻ Vàng") it reads instead; bare numbers are amounts and
 * sizes, not names.
 */
export function typedNames(question: string): string[] {
  const names: string[] = [];
  let run: { folded: string; brand: boolean }[] = [];
  const end = () => {
    // "US", "OK": a common word in capitals; "Hà" is one only inside "Hà Nội".
    if (run.every((w) => FILLER.has(w.folded) && !w.brand)) run = [];
    const phrase = run.map((w) => w.folded).join(" ");
    const name =
      run.some((w) => w.brand) || (run.length > 1 ? !known(phrase) : run.length === 1 && !known(phrase));
    if (name) names.push(phrase);
    run = [];
  };
  const text = question.normalize("NFC");
  // A question typed in capitals ("CÓ GIAO HÀNG KHÔNG?") says nothing by its capitals.
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters > 0 && (text.match(/\p{Lu}/gu)?.length ?? 0) / letters > 0.5) return [];
  let sentenceStart = true;
  for (const m of text.matchAll(/[\p{L}\p{N}]+|[.!?]/gu)) {
    const token = m[0];
    if (/^[.!?]$/.test(token)) {
      end();
      sentenceStart = true;
      continue;
    }
    const folded = foldForSearch(token);
    // A word in capitals may be shouted ("SAY", "FREE") as well as an acronym: only its digits make it a
    // name ("S23"); a capital inside a word ("iCloud", "MoMo") always does.
    const shouted = !/\p{Ll}/u.test(token);
    const brand = shouted
      ? /\p{L}/u.test(token) && /\p{N}/u.test(token)
      : /^.+[\p{Lu}\p{N}]/u.test(token) && !FILLER.has(folded);
    const capital = !sentenceStart && !shouted && /^\p{Lu}/u.test(token);
    // "I" is capitalised everywhere; a particle like "Hà" of "Hà Nội" only as part of a name.
    if ((brand || capital) && token.length > 1) run.push({ folded, brand });
    else end();
    sentenceStart = false;
  }
  end();
  return names;
}

/** The base forms an English word may stand for: "opens" → open, "charges" → charge, "parked" → park. */
export function englishBases(word: string): string[] {
  const out = [word];
  if (word.length <= 3) return out;
  if (word.endsWith("ies")) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.endsWith("s") && !word.endsWith("ss")) out.push(word.slice(0, -1));
  if (word.endsWith("ed")) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("ing") && word.length > 5) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return out;
}

/** Whether a word the visitor typed looks like a name, brand, number or code rather than a plain word. */
function looksLiteral(typed: string, first: boolean): boolean {
  if (/\p{N}/u.test(typed)) return true;
  // "MoMo", "iPhone", "ZaloPay": a capital after the first letter.
  if (/^.+\p{Lu}/u.test(typed)) return true;
  return !first && /^\p{Lu}/u.test(typed);
}

/**
 * The question read in the other language, or null when the lexicon knows none of its words (nothing to
 * add: the question is searched as typed in any case).
 */
export function crossLingual(question: string): CrossReading | null {
  const language = detectLanguage(question);
  const target = language === "en" ? "vi" : "en";
  const typed = markedTokens(question);
  const rawCase = question.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = typed.map((w) => foldForSearch(w));
  const index = language === "en" ? BY_EN : BY_VI;
  const covered = new Array<boolean>(words.length).fill(false);
  const matched: Entry[] = [];
  for (let i = 0; i < words.length; i++) {
    const candidates = new Set(language === "en" ? englishBases(words[i]!) : [words[i]!]);
    let found: { entry: Entry; form: string[] } | undefined;
    for (const c of candidates) {
      for (const option of index.get(c) ?? []) {
        if (found && found.form.length >= option.form.length) break;
        const written = language === "vi" ? option.entry.viText[option.order]! : "";
        if (fits(option.form, written, words, i, language, typed)) found = option;
      }
    }
    if (!found) continue;
    for (let k = 0; k < found.form.length; k++) covered[i + k] = true;
    if (!matched.includes(found.entry)) matched.push(found.entry);
    i += found.form.length - 1;
  }
  if (matched.length === 0) return null;
  const groups: CrossGroup[] = matched
    .map((entry) => ({
      words: [...new Set((target === "vi" ? entry.vi : entry.en).filter(distinct).map((f) => f.join(" ")))],
      weight: entry.intent ? INTENT_WEIGHT : 1,
      literal: false,
    }))
    .filter((g) => g.words.length > 0);
  words.forEach((w, i) => {
    if (covered[i] || FILLER.has(w) || groups.some((g) => g.literal && g.words[0] === w)) return;
    const literal = looksLiteral(rawCase[i] ?? w, i === 0);
    // A Vietnamese syllable the lexicon does not know is as likely the thing asked as not: it weighs in full.
    const plain = language === "en" ? UNKNOWN_WEIGHT : 1;
    groups.push({ words: [w], weight: literal ? LITERAL_WEIGHT : plain, literal: true });
  });
  const text = [
    ...matched.flatMap((e) => (target === "vi" ? e.viText : e.enText)),
    ...groups.filter((g) => g.literal).map((g) => g.words[0]!),
  ].join(" ");
  return { target, text, groups };
}

/**
 * A form a passage can be searched for folded: one syllable that folds into a common word ("chó", dog,
 * is "cho", for) would be found in every passage.
 */
function distinct(form: string[]): boolean {
  return form.length > 1 || !FILLER.has(form[0]!);
}

/**
 * Whether `form` (`written` as the lexicon spells it, for Vietnamese) is at `at` of the question's words:
 * English by base forms, Vietnamese folded.
 */
function fits(
  form: string[],
  written: string,
  words: string[],
  at: number,
  language: "en" | "vi",
  typed: string[],
): boolean {
  if (at + form.length > words.length) return false;
  for (let k = 0; k < form.length; k++) {
    const w = words[at + k]!;
    if (language === "en" ? !englishBases(w).includes(form[k]!) : w !== form[k]) return false;
  }
  if (language === "en") return true;
  // A syllable typed with its marks must be the lexicon's syllable: folded, "sửa chữa" (repair) is
  // "sữa chua" (yogurt) and "trả lại" is "trà lài". One typed without marks is taken as any of them.
  const syllables = written.match(WORD) ?? [];
  if (syllables.length === form.length)
    for (let k = 0; k < form.length; k++) {
      const word = typed[at + k]!;
      if (word !== foldForSearch(word) && !sameSyllable(word, syllables[k]!)) return false;
    }
  // One Vietnamese syllable alone is too ambiguous folded ("ban": table, sell, you): without marks it must
  // be a longer word that is not one every question has ("muon" is "muốn" far more often than "muộn").
  if (form.length === 1) {
    const word = typed[at]!;
    return word !== foldForSearch(word) || (form[0]!.length > 3 && !FILLER.has(form[0]!));
  }
  return true;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MARK = /\p{M}/u;

/** Same letters and same marks, wherever the tone mark sits ("hoá" and "hóa", "thuỷ" and "thủy"). */
function sameSyllable(typed: string, written: string): boolean {
  const key = (s: string) => {
    const parts = [...s.normalize("NFD").toLowerCase().replace(/đ/g, "d")];
    const marks = parts.filter((c) => MARK.test(c)).sort();
    return `${parts.filter((c) => !MARK.test(c)).join("")}:${marks.join("")}`;
  };
  return key(typed) === key(written);
}

/**
 * 0…1: the weighted share of a reading's groups a passage's folded text holds (` … ` padded). Returns the
 * share and whether something beyond the kind of fact (a topic, a literal) was found.
 */
export function crossCoverage(reading: CrossReading, folded: string): { share: number; topic: boolean } {
  let total = 0;
  let matched = 0;
  let topic = false;
  // "What is your address?" asks for nothing but a kind of fact: that kind is then its topic.
  const onlyKinds = reading.groups.every((g) => g.weight === INTENT_WEIGHT);
  for (const g of reading.groups) {
    total += g.weight;
    if (g.words.some((w) => folded.includes(` ${w} `))) {
      matched += g.weight;
      if (onlyKinds || g.weight !== INTENT_WEIGHT) topic = true;
    }
  }
  return { share: total ? matched / total : 0, topic };
}
