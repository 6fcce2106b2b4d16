import "server-only";
import { translate } from "@/lib/i18n/messages";
import type { TermWeights } from "@/lib/retrieval/answerable";
import { analyzedUnits, headingTokens, questionShape, scoreUnit, type Unit } from "@/lib/retrieval/match";
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

type Pick = { passage: SourcedPassage; unit: Unit; score: number; rank: number };
type Quote = { kind: "sentence"; pick: Pick } | { kind: "rows"; key: string; header: string; picks: Pick[] };

export type QuotedAnswer = { content: string; sources: StoredSource[] };

export function quoteAnswer(
  passages: SourcedPassage[],
  question: string,
  language: "en" | "vi",
  weights: TermWeights = new Map(),
): QuotedAnswer {
  const quotes = chooseQuotes(pickUnits(passages, question, weights));
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
  const content = [
    translate(language, "answers.quoteIntro"),
    ...blocks,
    `_${translate(language, "answers.quoteNote")}_`,
  ].join("\n\n");
  return { content, sources };
}

/** Every sentence and row of the passages with its score, best first, repeats (passage overlaps) once. */
function pickUnits(passages: SourcedPassage[], question: string, weights: TermWeights): Pick[] {
  const shape = questionShape(question);
  const byText = new Map<string, Pick>();
  passages.forEach((passage, rank) => {
    const head = headingTokens(passage.heading);
    for (const unit of analyzedUnits(passage.content)) {
      const score = scoreUnit(unit, head, shape, weights);
      const key = unit.folded;
      const seen = byText.get(key);
      if (!seen || score > seen.score) byText.set(key, { passage, unit, score, rank });
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
