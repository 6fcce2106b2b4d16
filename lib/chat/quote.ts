import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { TermWeights } from "@/lib/retrieval/answerable";
import { detectLanguage } from "@/lib/retrieval/language";
import { type CrossReading, crossCoverage } from "@/lib/retrieval/lexicon";
import {
  type AnalyzedUnit,
  analyzedUnits,
  headingTokens,
  KIND_BONUS,
  questionShape,
  scoreUnit,
  type Unit,
} from "@/lib/retrieval/match";
import { localizeCell } from "@/lib/shared/money-text";
import type { StoredSource } from "./conversations";
import { type SourcedPassage, withHeading } from "./sources";

/**
 * The built-in answer when no language model is configured (or the owner chose it): only the sentences
 * and spreadsheet rows that match the question, best first, quoted word for word with their source
 * numbers, framed in the visitor's language and labelled as quotes so nobody mistakes them for a composed
 * answer. Sources are numbered in the order the answer first cites them, and only cited ones are listed.
 */
const QUOTES = 3;
const ROWS_PER_TABLE = 6;
const QUOTE_CHARS = 300;
/** A sentence is quoted when it scores at least this share of the best one… */
const RELATIVE_CUTOFF = 0.6;
/** …and at least this much on its own; the best one is always quoted. */
const ABSOLUTE_FLOOR = 0.25;

type Pick = { passage: SourcedPassage; unit: Unit; score: number; rank: number; found: Set<string> };
type Quote = { kind: "sentence"; pick: Pick } | { kind: "rows"; key: string; header: string; picks: Pick[] };

export type QuotedAnswer = { content: string; sources: StoredSource[] };

/** The language the passages are written in (their first few thousand characters decide). */
function passagesLanguage(passages: SourcedPassage[]): "en" | "vi" {
  return detectLanguage(
    passages
      .map((p) => p.content)
      .join("\n")
      .slice(0, 4000),
  );
}

/**
 * What the sentences are scored against: the question, or — asked in the other language than the
 * documents' — the lexicon's reading of it in theirs (an English question's Vietnamese words).
 */
export function quoteQuestion(
  passages: SourcedPassage[],
  question: string,
  reading: CrossReading | null,
): { text: string; reading: CrossReading | null } {
  if (!reading || passages.length === 0) return { text: question, reading: null };
  const documents = passagesLanguage(passages);
  return reading.target === documents && detectLanguage(question) !== documents
    ? { text: reading.text, reading }
    : { text: question, reading: null };
}

export function quoteAnswer(
  passages: SourcedPassage[],
  question: string,
  language: "en" | "vi",
  weights: TermWeights = new Map(),
  /** The lexicon's reading the sentences are scored on, when the question is in the other language. */
  reading: CrossReading | null = null,
): QuotedAnswer {
  const quotes = chooseQuotes(pickUnits(passages, question, weights, reading));
  const numberOf = new Map<string, number>();
  const sources: StoredSource[] = [];
  const cite = (pick: Pick): number => {
    const { key } = pick.passage;
    let n = numberOf.get(key);
    if (n === undefined) {
      n = sources.length + 1;
      numberOf.set(key, n);
      sources.push({
        document_id: pick.passage.documentId,
        title: pick.passage.title,
        url: pick.passage.url,
        snippet: short(pick.unit.text, 220),
        passage: withHeading(pick.passage.heading, pick.passage.content),
      });
    }
    return n;
  };
  const blocks = quotes.map((q) =>
    q.kind === "sentence" ? sentenceBlock(q.pick, cite) : rowsBlock(q, cite, language),
  );
  // Quotes in another language than the visitor's are said to be: they are the document's own words.
  const quoted = quotes.flatMap((q) => (q.kind === "sentence" ? [q.pick] : q.picks));
  const quotedLanguage = detectLanguage(quoted.map((p) => p.unit.text).join(" "), language);
  const note = quotedLanguage === language ? "answers.quoteNote" : `answers.quoteNoteIn.${quotedLanguage}`;
  const content = [
    translate(language, "answers.quoteIntro"),
    ...blocks,
    `_${translate(language, note)}_`,
  ].join("\n\n");
  return { content, sources };
}

/** Every sentence and row of the passages with its score, best first, repeats (passage overlaps) once. */
function pickUnits(
  passages: SourcedPassage[],
  question: string,
  weights: TermWeights,
  reading: CrossReading | null,
): Pick[] {
  const shape = questionShape(question);
  const byText = new Map<string, Pick>();
  // A translated reading is scored by its lexicon entries: any word of an entry found counts for the entry.
  const scoreOf = (unit: AnalyzedUnit, head: ReturnType<typeof headingTokens>) => {
    if (!reading) return scoreUnit(unit, head, shape, weights);
    const { share } = crossCoverage(reading, unit.folded);
    return share + (share > 0 && shape.wants.some((re) => re.test(unit.text)) ? KIND_BONUS : 0);
  };
  // What of the question a sentence holds: the words, or a translated reading's entries.
  const foundOf = (unit: AnalyzedUnit) =>
    new Set(
      reading
        ? reading.groups.flatMap((g, i) =>
            g.words.some((w) => unit.folded.includes(` ${w} `)) ? [`${i}`] : [],
          )
        : shape.terms.filter((t) => unit.own.has(t)),
    );
  passages.forEach((passage, rank) => {
    const head = headingTokens(passage.heading);
    for (const unit of analyzedUnits(passage.content)) {
      const score = scoreOf(unit, head);
      const key = unit.folded;
      const seen = byText.get(key);
      if (!seen || score > seen.score) byText.set(key, { passage, unit, score, rank, found: foundOf(unit) });
    }
  });
  return [...byText.values()].sort(
    (a, b) => b.score - a.score || a.rank - b.rank || a.unit.index - b.unit.index,
  );
}

/** The best pick and those close enough to it, at most QUOTES quotes; rows of one table go together. */
function chooseQuotes(picks: Pick[]): Quote[] {
  const best = picks[0];
  if (!best) return [];
  const cutoff = Math.max(best.score * RELATIVE_CUTOFF, ABSOLUTE_FLOOR);
  const quotes: Quote[] = [];
  for (const pick of picks) {
    if (pick !== best && pick.score < cutoff) break;
    // A sibling of the answer — the Silver card's discount beside the Gold card's, asked about Gold —
    // holds only part of what the best one holds and nothing of its own: it answers another question.
    if (pick !== best && isStrictSubset(pick.found, best.found)) continue;
    if (pick.unit.row) {
      const header = pick.unit.row.map((c) => c.name).join("\u0000");
      const table = quotes.find(
        (q): q is Extract<Quote, { kind: "rows" }> =>
          q.kind === "rows" && q.key === pick.passage.key && q.header === header,
      );
      if (table) {
        if (table.picks.length < ROWS_PER_TABLE) table.picks.push(pick);
        continue;
      }
      if (quotes.length < QUOTES) quotes.push({ kind: "rows", key: pick.passage.key, header, picks: [pick] });
    } else if (quotes.length < QUOTES) quotes.push({ kind: "sentence", pick });
  }
  return quotes;
}

function isStrictSubset(a: Set<string>, b: Set<string>): boolean {
  return a.size < b.size && [...a].every((x) => b.has(x));
}

function sentenceBlock(pick: Pick, cite: (p: Pick) => number): string {
  return `> ${literal(short(pick.unit.text, QUOTE_CHARS))} [${cite(pick)}]`;
}

/** Rows as a table (or one line); a cell that is an amount of money is written the reader's way. */
function rowsBlock(
  quote: Extract<Quote, { kind: "rows" }>,
  cite: (p: Pick) => number,
  language: "en" | "vi",
): string {
  const n = cite(quote.picks[0]!);
  const value = (name: string, text: string) => literal(localizeCell(name, text, language));
  if (quote.picks.length === 1) {
    const cells = quote.picks[0]!.unit.row!;
    return `- ${cells.map((c) => `**${literal(c.name)}:** ${value(c.name, c.value)}`).join(" · ")} [${n}]`;
  }
  const names = quote.picks[0]!.unit.row!.map((c) => c.name);
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [
    line(names.map(literal)),
    line(names.map(() => "---")),
    ...quote.picks.map((p) => {
      const cells = p.unit.row!.map((c) => value(c.name, c.value));
      cells[cells.length - 1] = `${cells[cells.length - 1]} [${n}]`;
      return line(cells);
    }),
  ].join("\n");
}

/** A quote is text, not markup: nothing in it may become a heading, list, link, table cell or HTML. */
function literal(text: string): string {
  return text.replace(/([\\`*_[\]<>#|!~])/g, "\\$1").replace(/^(\d+)\. /, "$1\\. ");
}

function short(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.lastIndexOf(" ", max - 1);
  return `${clean.slice(0, cut > max / 2 ? cut : max - 1).trimEnd()}…`;
}
