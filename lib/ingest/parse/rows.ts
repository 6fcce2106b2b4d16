import "server-only";
import type { Section } from "./types.ts";

export type Sheet = { name: string | null; rows: string[][] };

/** Column letters for a 0-based index: 0 → A, 27 → AB. */
export function columnName(index: number): string {
  let n = index + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/**
 * One section per sheet; the first non-empty row names the columns and every later row is rendered with
 * those names ("Tên sản phẩm: Bánh mì; Giá: 25.000 ₫"), so a passage cut from the middle of a sheet still
 * says what each value is. Rows are arrays, never objects keyed by header text, so a header such as
 * "__proto__" is just a string. Rendering stops once `maxCharacters` are written: column names repeated
 * on every row are how a small file turns into a huge text, so the count is of what is written.
 */
export function renderSheets(sheets: Sheet[], maxCharacters = Number.POSITIVE_INFINITY): Section[] {
  const sections: Section[] = [];
  let written = 0;
  for (const sheet of sheets) {
    if (written > maxCharacters) break;
    const rows = sheet.rows.map((r) => r.map((c) => (c ?? "").replace(/\s+/g, " ").trim()));
    const headerAt = rows.findIndex((r) => r.some((c) => c !== ""));
    if (headerAt < 0) continue;
    const header = rows[headerAt]!;
    const lines: string[] = [];
    for (const row of rows.slice(headerAt + 1)) {
      const parts: string[] = [];
      row.forEach((value, i) => {
        if (value === "") return;
        const name = header[i] || columnName(i);
        parts.push(`${name}: ${value}`);
      });
      if (parts.length === 0) continue;
      const line = parts.join("; ");
      lines.push(line);
      written += line.length + 1;
      if (written > maxCharacters) break;
    }
    // A sheet with a single row has no header to speak of: keep its values as they are.
    const text = lines.length > 0 ? lines.join("\n") : header.filter(Boolean).join("; ");
    sections.push({ heading: sheet.name, text });
  }
  return sections;
}
