import "server-only";
import { BudgetSpent, type CharacterBudget } from "../budget.ts";
import type { Sheet } from "../rows.ts";
import { ParseError, type ParseLimits } from "../types.ts";
import { walkXml } from "../xml.ts";
import { ZipReader } from "../zip.ts";
import { moneyCellText, moneyStyles } from "./xlsx-money.ts";

function sharedStrings(zip: ZipReader): string[] {
  const xml = zip.readText("xl/sharedStrings.xml");
  if (!xml) return [];
  const out: string[] = [];
  let current = "";
  let inT = false;
  let phonetic = 0;
  walkXml(xml, "xl/sharedStrings.xml", {
    open: (name) => {
      if (name === "si") current = "";
      else if (name === "t") inT = true;
      else if (name === "rPh") phonetic++;
    },
    text: (t) => {
      if (inT && phonetic === 0) current += t;
    },
    close: (name) => {
      if (name === "t") inT = false;
      else if (name === "rPh") phonetic--;
      else if (name === "si") out.push(current);
    },
  });
  return out;
}

/** Sheet names in workbook order with the part each one lives in. */
function sheetParts(zip: ZipReader): { name: string; part: string }[] {
  const workbook = zip.readText("xl/workbook.xml");
  if (!workbook) throw new ParseError("file_corrupt", "xlsx: xl/workbook.xml is missing");
  const targets = new Map<string, string>();
  const rels = zip.readText("xl/_rels/workbook.xml.rels");
  if (rels)
    walkXml(rels, "xl/_rels/workbook.xml.rels", {
      open: (name, a) => {
        if (name === "Relationship" && a.Id && a.Target) targets.set(a.Id, a.Target);
      },
    });
  const sheets: { name: string; part: string }[] = [];
  walkXml(workbook, "xl/workbook.xml", {
    open: (name, a) => {
      if (name !== "sheet") return;
      const target = targets.get(a["r:id"] ?? "");
      if (!target) return;
      const part = target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
      sheets.push({ name: a.name ?? part, part });
    },
  });
  return sheets;
}

/** "BC12" → 54 (0-based column). */
function columnIndex(ref: string): number | null {
  const m = /^([A-Z]+)\d*$/.exec(ref);
  if (!m) return null;
  let n = 0;
  for (const ch of m[1]!) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

const maxColumns = 16_384;

/**
 * Every cell's shown text is taken from the budget as it is read: a shared string referenced by 20,000
 * cells is counted 20,000 times, and reading stops (keeping what was read) once the budget is spent.
 */
export function parseXlsx(bytes: Uint8Array, limits: ParseLimits, budget?: CharacterBudget): Sheet[] {
  const zip = new ZipReader(bytes, limits);
  const strings = sharedStrings(zip);
  const money = moneyStyles(zip);
  const sheets: Sheet[] = [];
  for (const { name, part } of sheetParts(zip)) {
    if (budget?.exhausted) break;
    const xml = zip.readText(part);
    if (xml === null) continue;
    const rows: string[][] = [];
    let row: string[] | null = null;
    let column = 0;
    let cellType = "n";
    let cellStyle = 0;
    let value = "";
    let inValue = false;
    const walk = () =>
      walkXml(xml, part, {
        open: (tag, a) => {
          if (tag === "row") {
            row = [];
            column = 0;
          } else if (tag === "c") {
            const at = a.r ? columnIndex(a.r) : null;
            column = at ?? column;
            if (column >= maxColumns)
              throw new ParseError("file_corrupt", `xlsx: column ${a.r} out of range`);
            cellType = a.t ?? "n";
            cellStyle = Number(a.s ?? 0);
            value = "";
          } else if (tag === "v" || tag === "t") inValue = true;
        },
        text: (t) => {
          if (inValue) value += t;
        },
        close: (tag) => {
          if (tag === "v" || tag === "t") inValue = false;
          else if (tag === "c" && row) {
            let shown = value;
            if (cellType === "s") shown = strings[Number(value)] ?? "";
            else if (cellType === "b") shown = value === "1" ? "TRUE" : "FALSE";
            else if (cellType === "n" && value !== "") {
              const currency = money.get(cellStyle);
              if (currency) shown = moneyCellText(value, currency);
            }
            while (row.length < column) row.push("");
            row[column] = shown;
            column++;
            if (budget && !budget.take(shown.length + 1)) {
              rows.push(row);
              throw new BudgetSpent();
            }
          } else if (tag === "row" && row) {
            rows.push(row);
            row = null;
          }
        },
      });
    try {
      walk();
    } catch (e) {
      if (!(e instanceof BudgetSpent)) throw e;
    }
    sheets.push({ name, rows });
  }
  return sheets;
}
