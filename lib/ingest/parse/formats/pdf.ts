import "server-only";
import { getDocumentProxy } from "unpdf";
import type { CharacterBudget } from "../budget.ts";
import { checkPdfStreams } from "../pdf-streams.ts";
import { ParseError, type ParseLimits, type Section } from "../types.ts";
import { type PdfLine, pdfSections } from "./pdf-headings.ts";

/**
 * Text layer page by page (pdf.js 5 through unpdf: pure JavaScript, no canvas; its font code no longer
 * compiles glyphs with eval, the CVE-2024-4367 path). No system fonts, no font faces. A PDF without a text
 * layer is a scan: that is said plainly instead of indexing nothing.
 */
export async function parsePdf(
  bytes: Uint8Array,
  limits: ParseLimits,
  budget: CharacterBudget,
): Promise<Section[]> {
  // Before pdf.js, which inflates whole streams and cannot be stopped: refuse a stream bomb from a count.
  checkPdfStreams(bytes, limits);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (e) {
    const err = e as Error;
    if (err.name === "PasswordException") throw new ParseError("pdf_encrypted", `pdf: ${err.message}`);
    throw new ParseError("file_corrupt", `pdf: ${err.name}: ${err.message}`);
  }
  try {
    const pages: PdfLine[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      // Lines with the size they are set in: headings are told apart by size (pdf-headings.ts).
      const lines: PdfLine[] = [];
      let line: PdfLine = { text: "", size: 0 };
      for (const item of content.items) {
        if (!("str" in item)) continue;
        line.text += item.str;
        if (item.str.trim()) line.size = Math.max(line.size, Math.abs(item.height || item.transform[3] || 0));
        if (item.hasEOL) {
          lines.push(line);
          line = { text: "", size: 0 };
        }
      }
      if (line.text) lines.push(line);
      pages.push(lines);
      page.cleanup();
      // The rest of the pages would be cut anyway: stop reading them.
      if (!budget.take(lines.reduce((sum, l) => sum + l.text.length + 1, 0))) break;
    }
    const sections = pdfSections(pages);
    const letters = sections.reduce((sum, s) => sum + s.text.replace(/\s/g, "").length, 0);
    if (letters < 10)
      throw new ParseError("pdf_no_text", `pdf: ${pdf.numPages} page(s), ${letters} characters of text`);
    return sections;
  } catch (e) {
    if (e instanceof ParseError) throw e;
    const err = e as Error;
    throw new ParseError("file_corrupt", `pdf: ${err.name}: ${err.message}`);
  } finally {
    await pdf.loadingTask.destroy();
  }
}
