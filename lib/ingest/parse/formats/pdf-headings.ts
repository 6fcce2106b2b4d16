import "server-only";
import type { Section } from "../types.ts";

/** One line of a PDF page's text layer and the largest font size on it. */
export type PdfLine = { text: string; size: number };

/** A line this much larger than the body text is a heading… */
const HEADING_RATIO = 1.2;
/** …when it is short and does not read as a sentence. */
const HEADING_CHARS = 120;

/**
 * A PDF has no heading markup, but a word processor's export draws headings larger than the body: lines
 * clearly larger than the most common size (by characters) open a section, as a heading style does in
 * DOCX, so a passage cut from the middle of a chapter still says which chapter it is.
 */
export function pdfSections(pages: PdfLine[][]): Section[] {
  const body = bodySize(pages.flat());
  const sections: Section[] = [];
  let current: Section = { heading: null, text: "" };
  for (const lines of pages) {
    for (const line of lines) {
      const text = line.text.trim();
      if (body > 0 && isHeading(text, line.size, body)) {
        if (current.heading !== null || current.text.trim()) sections.push(current);
        current = { heading: text, text: "" };
      } else current.text += `${line.text}\n`;
    }
    // Without a heading a page is a section of its own, as before headings were read; under a heading
    // the section runs on to the next one.
    if (current.heading === null) {
      sections.push(current);
      current = { heading: null, text: "" };
    } else current.text += "\n";
  }
  sections.push(current);
  return sections;
}

function isHeading(text: string, size: number, body: number): boolean {
  return (
    text.length > 0 &&
    text.length <= HEADING_CHARS &&
    size >= body * HEADING_RATIO &&
    /\p{L}/u.test(text) &&
    !/[.,;]$/.test(text)
  );
}

/** The font size most of the text is set in; 0 when the layer gives no sizes. */
function bodySize(lines: PdfLine[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) {
    if (!(l.size > 0)) continue;
    const size = Math.round(l.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + l.text.trim().length);
  }
  let best = 0;
  let most = 0;
  for (const [size, count] of chars) {
    if (count > most) {
      best = size;
      most = count;
    }
  }
  return best;
}
