import "server-only";
import { CharacterBudget } from "./budget.ts";
import { detectType } from "./detect.ts";
import { renderSheets } from "./rows.ts";
import { decodeText, guessLanguage, keepFirst, tidy, tidySections } from "./text.ts";
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
    const budget = new CharacterBudget(limits.maxCharacters);
    const all = tidySections(await sectionsOf(detected.type, bytes, limits, budget));
    const { sections, cut } = keepFirst(all, limits.maxCharacters);
    const text = sections.map((s) => (s.heading ? `${s.heading}\n${s.text}` : s.text)).join("\n\n");
    if (!text)
      return fail(detected.type === "pdf" ? "pdf_no_text" : "file_empty", "no text after extraction");
    const result: ParseResult = {
      ok: true,
      type: detected.type,
      text,
      sections,
      characters: [...text].length,
      language: guessLanguage(text),
    };
    if (cut || budget.exhausted) result.truncated = true;
    return result;
  } catch (e) {
    if (e instanceof ParseError) return fail(e.key, e.message);
    const err = e as Error;
    return fail("parse_failed", `${err?.name ?? "Error"}: ${err?.message ?? String(e)}`);
  }
}

async function sectionsOf(
  type: ParsableType,
  bytes: Uint8Array,
  limits: ParseLimits,
  budget: CharacterBudget,
): Promise<Section[]> {
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
        (await import("./formats/csv.ts")).parseCsv(decodeText(bytes).replace(/^\ufeff/, ""), budget),
        limits.maxCharacters,
      );
    case "docx":
      return (await import("./formats/docx.ts")).parseDocx(bytes, limits);
    case "xlsx":
      return renderSheets(
        (await import("./formats/xlsx.ts")).parseXlsx(bytes, limits, budget),
        limits.maxCharacters,
      );
    case "xls":
      return renderSheets((await import("./formats/xls.ts")).parseXls(bytes), limits.maxCharacters);
    case "pdf":
      return (await import("./formats/pdf.ts")).parsePdf(bytes, limits, budget);
  }
}
