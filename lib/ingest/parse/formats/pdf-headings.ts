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
  // Lines kept apart until the section ends: a wrapped line is joined to the one before it in place.
  let heading: string | null = null;
  let lines: string[] = [];
  const close = () => sections.push({ heading, text: lines.map((l) => `${l}\n`).join("") });
  for (const page of pages) {
    for (const line of page) {
      const text = line.text.trim();
      if (body > 0 && isHeading(text, line.size, body)) {
        if (heading !== null || lines.some((l) => l.trim())) close();
        heading = text;
        lines = [];
      } else if (continues(lines.at(-1), text))
        lines[lines.length - 1] = `${lines.at(-1)!.trimEnd()} ${text}`;
      else lines.push(line.text);
    }
    // Without a heading a page is a section of its own, as before headings were read; under a heading
    // the section runs on to the next one, after an empty line.
    if (heading === null) {
      close();
      lines = [];
    } else lines.push("");
  }
  close();
  return sections;
}

/**
 * A line the page wrapped, not one the author ended: the line before stops mid-sentence and this one goes
 * on in lower case ("… with another group of the same" / "level within two weeks."). Joined back, the
 * sentence is quoted whole; cut, an answer stopped at "the same".
 */
function continues(previous: string | undefined, line: string): boolean {
  const before = previous?.trimEnd();
  if (!before || /[.!?…:;"”)\]]$/u.test(before)) return false;
  if (/^\s*(?:[-•*–]|\d+[.)])\s/u.test(line)) return false;
  return /^[\p{Ll}\d]/u.test(line);
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
