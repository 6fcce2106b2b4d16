import { detectType } from "./detect.ts";
import { renderSheets } from "./rows.ts";
import { decodeText, guessLanguage, tidy, tidySections } from "./text.ts";
import {
  fail,
  type ParsableType,
  ParseError,
  type ParseLimits,
  type ParseResult,
  type Section,
  tooLarge,
} from "./types.ts";

/**
 * The parse itself, for one file's bytes. It runs inside the worker (parseDocument); it is exported so
 * tests can also run it in the calling thread, where a polluted prototype would be visible.
 * Each format's library is loaded only when that format arrives, so a text file never loads pdf.js.
 */
export async function extract(
  bytes: Uint8Array,
  name: string,
  limits: ParseLimits,
  type?: ParsableType,
): Promise<ParseResult> {
  if (bytes.length > limits.maxBytes) return tooLarge(bytes.length, limits.maxBytes);
  const detected = detectType(name, bytes, type);
  if (!detected.ok) return detected;
  try {
    const sections = tidySections(await sectionsOf(detected.type, bytes, limits));
    const text = sections.map((s) => (s.heading ? `${s.heading}\n${s.text}` : s.text)).join("\n\n");
    if (!text)
      return fail(detected.type === "pdf" ? "pdf_no_text" : "file_empty", "no text after extraction");
    return {
      ok: true,
      type: detected.type,
      text,
      sections,
      characters: [...text].length,
      language: guessLanguage(text),
    };
  } catch (e) {
    if (e instanceof ParseError) return fail(e.key, e.message);
    const err = e as Error;
    return fail("parse_failed", `${err?.name ?? "Error"}: ${err?.message ?? String(e)}`);
  }
}

async function sectionsOf(type: ParsableType, bytes: Uint8Array, limits: ParseLimits): Promise<Section[]> {
  switch (type) {
    case "txt":
    case "text":
      return [{ heading: null, text: tidy(decodeText(bytes)) }];
    case "md":
      return (await import("./formats/md.ts")).parseMarkdown(decodeText(bytes));
    case "html":
      return (await import("./formats/html.ts")).parseHtml(decodeText(bytes)).sections;
    case "csv":
      return renderSheets(
        (await import("./formats/csv.ts")).parseCsv(decodeText(bytes).replace(/^\ufeff/, "")),
      );
    case "docx":
      return (await import("./formats/docx.ts")).parseDocx(bytes, limits);
    case "xlsx":
      return renderSheets((await import("./formats/xlsx.ts")).parseXlsx(bytes, limits));
    case "xls":
      return renderSheets((await import("./formats/xls.ts")).parseXls(bytes));
    case "pdf":
      return (await import("./formats/pdf.ts")).parsePdf(bytes);
  }
}
