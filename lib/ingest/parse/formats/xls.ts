import "server-only";
import * as XLSX from "@e965/xlsx";
import type { Sheet } from "../rows.ts";
import { ParseError } from "../types.ts";

/**
 * Legacy BIFF (.xls) through SheetJS, the only reader on npm for it. The npm "xlsx" 0.18.5 carries a
 * prototype-pollution CVE; @e965/xlsx republishes the fixed upstream 0.20.3. It still runs only here, inside
 * the throw-away worker, and only for bytes that start with the OLE2 signature; its cells are copied into
 * plain string arrays so nothing it built leaves the worker.
 */
export function parseXls(bytes: Uint8Array): Sheet[] {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: "array",
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      WTF: false,
    });
  } catch (e) {
    const message = (e as Error).message ?? String(e);
    if (/password|encrypt/i.test(message)) throw new ParseError("file_corrupt", `xls: encrypted: ${message}`);
    throw new ParseError("file_corrupt", `xls: ${message}`);
  }
  const sheets: Sheet[] = [];
  for (const name of book.SheetNames) {
    const ws = book.Sheets[name];
    if (!ws) continue;
    const raw = XLSX.utils.sheet_to_json<unknown[]>(ws, {
      header: 1,
      raw: false,
      defval: "",
      blankrows: false,
    });
    const rows: string[][] = [];
    for (const r of raw) {
      if (!Array.isArray(r)) continue;
      rows.push(Array.from(r, (c) => (c === null || c === undefined ? "" : String(c))));
    }
    sheets.push({ name: String(name), rows });
  }
  return sheets;
}
