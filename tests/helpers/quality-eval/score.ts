import type { EvalCase, Fact, Lang } from "./cases";
import { GOALS } from "./cases";

/**
 * How an answer is scored (README.md beside this file says the same for people):
 *   - the answer is read as a visitor reads it: markdown escapes and bold marks gone, spaces collapsed;
 *   - a fact holds in the answer when its text is in it (one string), or when one line of the answer has
 *     every cell of it (a row: several strings);
 *   - right: the engine did not fall back and one of the expected facts holds; for a question the documents
 *     cannot answer, right is the fallback;
 *   - unrelated: some line of the answer (one quote: a sentence, or one row of a table) quotes a listed
 *     unrelated fact and holds none of the expected ones. A listed fact inside the very sentence that
 *     answers is not counted: the owner wrote them together;
 *   - fallback: the engine chose its fallback message (mode "fallback").
 */
export type Answer = { content: string; mode: string };
export type Score = { right: boolean; unrelated: boolean; fallback: boolean };

/** The answer's text as read: escapes and bold marks gone, runs of spaces one space, NFC. */
export function plain(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\\([\\`*_[\]<>#|!~.-])/g, "$1")
    .replace(/\*\*/g, "")
    .replace(/[ \t\u00a0]+/g, " ");
}

/**
 * An amount is the same fact however the answer writes it: quoted rows are written the reader's way
 * (lib/shared/money-text.ts: "85.000đ" in the document is "85.000 ₫" to a Vietnamese reader, "85,000 VND"
 * to an English one), so amounts of đồng are compared as digits.
 */
const sameMoney = (s: string) =>
  s.replace(
    /(\d{1,3}(?:[.,]\d{3})+|\d+)\s?(?:₫|đồng|đ|VNĐ|VND)(?![\p{L}])/giu,
    (_, n: string) => `${n.replace(/[.,]/g, "")} VND`,
  );
/** A row's bare amount ("11,500,000" under "Tuition (VND)") is the same fact once the answer adds its currency. */
const ungrouped = (s: string) => s.replace(/\d{1,3}(?:[.,]\d{3})+(?!\d)/g, (n) => n.replace(/[.,]/g, ""));
const flat = (s: string) => ungrouped(sameMoney(s.normalize("NFC").replace(/\s+/g, " ")));

/** Whether one line (a quote) has the fact: its text, or every cell of the row. */
export function factOnLine(line: string, fact: Fact): boolean {
  const text = flat(line);
  return typeof fact === "string"
    ? text.includes(flat(fact))
    : fact.every((cell) => text.includes(flat(cell)));
}

/** Whether the answer has the fact: a string anywhere (spaces collapsed), a row's cells on one line. */
export function holds(answer: string, fact: Fact): boolean {
  const text = plain(answer);
  if (typeof fact === "string") return flat(text).includes(flat(fact));
  return text.split("\n").some((line) => factOnLine(line, fact));
}

export function scoreAnswer(c: Pick<EvalCase<string>, "expect" | "unrelated">, answer: Answer): Score {
  const fallback = answer.mode === "fallback";
  if (c.expect === null) return { right: fallback, unrelated: false, fallback };
  const expect = c.expect;
  const right = !fallback && expect.some((f) => holds(answer.content, f));
  const unrelated =
    !fallback &&
    plain(answer.content)
      .split("\n")
      .some(
        (line) =>
          !expect.some((f) => factOnLine(line, f)) && (c.unrelated ?? []).some((u) => factOnLine(line, u)),
      );
  return { right, unrelated, fallback };
}

export type CaseResult = { c: EvalCase<string>; answer: Answer; ms: number; score: Score };

/** The rows of a report: each language pairing, paraphrases, follow-ups, all answerable, unanswerable. */
export type Category = Lang | "vietnamese" | "paraphrase" | "follow-up" | "answerable" | "unanswerable";

export const CATEGORY_LABELS: Record<Category, string> = {
  vi: "Vietnamese, with diacritics",
  "vi-plain": "Vietnamese, without diacritics",
  vietnamese: "Vietnamese (both)",
  "en-vi": "English over Vietnamese documents",
  "en-en": "English over English documents",
  paraphrase: "paraphrases (extra words)",
  "follow-up": "follow-ups (with history)",
  answerable: "all answerable",
  unanswerable: "unanswerable (right = fallback)",
};

export function inCategory(c: EvalCase<string>, category: Category): boolean {
  const answerable = c.expect !== null;
  switch (category) {
    case "unanswerable":
      return !answerable;
    case "answerable":
      return answerable;
    case "vietnamese":
      return answerable && (c.lang === "vi" || c.lang === "vi-plain");
    case "paraphrase":
      return answerable && c.paraphrase === true;
    case "follow-up":
      return answerable && (c.history?.length ?? 0) > 0;
    default:
      return answerable && c.lang === category;
  }
}

/** The goal a category's figure is held to, if it has one (GOALS). */
export function goalOf(category: Category): { right?: number; fallback?: number; maxUnrelated?: number } {
  switch (category) {
    case "vietnamese":
      return { right: GOALS.right.vi, maxUnrelated: GOALS.maxUnrelated };
    case "en-vi":
    case "en-en":
      return { right: GOALS.right[category], maxUnrelated: GOALS.maxUnrelated };
    case "answerable":
      return { maxUnrelated: GOALS.maxUnrelated };
    case "unanswerable":
      return { fallback: GOALS.fallbackOnUnanswerable };
    default:
      return {};
  }
}

export type Figures = {
  category: Category;
  n: number;
  /** Shares of the category's questions. */
  right: number;
  unrelated: number;
  fallback: number;
  p50: number;
  p95: number;
};

export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function figures(results: CaseResult[], category: Category): Figures {
  const rows = results.filter((r) => inCategory(r.c, category));
  const share = (f: (r: CaseResult) => boolean) => (rows.length ? rows.filter(f).length / rows.length : 0);
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  return {
    category,
    n: rows.length,
    right: share((r) => r.score.right),
    unrelated: share((r) => r.score.unrelated),
    fallback: share((r) => r.score.fallback),
    p50: pct(ms, 50),
    p95: pct(ms, 95),
  };
}

export const CATEGORIES: Category[] = [
  "vi",
  "vi-plain",
  "vietnamese",
  "en-vi",
  "en-en",
  "paraphrase",
  "follow-up",
  "answerable",
  "unanswerable",
];

/** A report's rows: every category that has questions. */
export function report(results: CaseResult[], categories: Category[] = CATEGORIES): Figures[] {
  return categories.map((c) => figures(results, c)).filter((f) => f.n > 0);
}

const rate = (x: number) => x.toFixed(2);

/** One table row's cells: category, n, right, unrelated, fallback, p50, p95, goal, met. */
function cells(f: Figures): string[] {
  const goal = goalOf(f.category);
  const goals: string[] = [];
  const met: boolean[] = [];
  if (goal.right !== undefined) {
    goals.push(`right ≥ ${goal.right}`);
    met.push(f.right >= goal.right);
  }
  if (goal.maxUnrelated !== undefined) {
    goals.push(`unrelated ≤ ${goal.maxUnrelated}`);
    met.push(f.unrelated <= goal.maxUnrelated);
  }
  if (goal.fallback !== undefined) {
    goals.push(`fallback ≥ ${goal.fallback}`);
    met.push(f.fallback >= goal.fallback);
  }
  const unanswerable = f.category === "unanswerable";
  return [
    CATEGORY_LABELS[f.category],
    String(f.n),
    rate(f.right),
    unanswerable ? "–" : rate(f.unrelated),
    rate(f.fallback),
    f.p50.toFixed(1),
    f.p95.toFixed(1),
    goals.join(", ") || "–",
    met.length ? (met.every(Boolean) ? "yes" : "no") : "–",
  ];
}

const HEAD = ["category", "n", "right", "unrelated", "fallback", "p50 ms", "p95 ms", "goal", "met"];

export function renderText(title: string, rows: Figures[]): string {
  const table = [HEAD, ...rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((x, i) => (i === 0 || i === 7 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [title, line(HEAD), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(cells).map(line)].join(
    "\n",
  );
}

export function renderMarkdown(title: string, rows: Figures[]): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  return [
    `#### ${title}`,
    "",
    `| ${HEAD.join(" | ")} |`,
    `|${HEAD.map((_, i) => (i === 0 || i === 7 ? "---" : "---:")).join("|")}|`,
    ...rows.map((f) => `| ${cells(f).map(cell).join(" | ")} |`),
    "",
  ].join("\n");
}
