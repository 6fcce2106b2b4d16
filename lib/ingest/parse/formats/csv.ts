import "server-only";
import type { CharacterBudget } from "../budget.ts";
import type { Sheet } from "../rows.ts";

/** The delimiter that splits the first line into the most fields, outside quotes. */
function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, 10_000).split("\n", 1)[0] ?? "";
  let best = ",";
  let bestCount = 0;
  for (const d of [",", ";", "\t", "|"]) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (ch === d && !quoted) count++;
    }
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/**
 * RFC 4180 with a guessed delimiter (Vietnamese Excel writes ";"), quoted fields over several lines.
 * Stops at the end of the row that spends the budget: a million tiny rows cost what the budget allows.
 */
export function parseCsv(text: string, budget?: CharacterBudget): Sheet[] {
  const delimiter = guessDelimiter(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      // Each field also costs its separator, so rows of empty fields count too.
      if (budget && !budget.take(row.reduce((n, f) => n + f.length + 1, 0))) return [{ name: null, rows }];
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return [{ name: null, rows }];
}
