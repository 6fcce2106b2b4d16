import "server-only";
import { isText } from "./text.ts";
import { fail, type ParsableType, ParseError, type ParseFailure } from "./types.ts";
import { readCentralDirectory } from "./zip.ts";

const byExtension: Record<string, ParsableType> = {
  txt: "txt",
  text: "txt",
  pdf: "pdf",
  html: "html",
  htm: "html",
  xhtml: "html",
  xlsx: "xlsx",
  xls: "xls",
  docx: "docx",
  csv: "csv",
  md: "md",
  markdown: "md",
};

const textTypes = new Set<ParsableType>(["txt", "text", "html", "csv", "md"]);

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

const isPdf = (b: Uint8Array) => new TextDecoder("latin1").decode(b.subarray(0, 1024)).includes("%PDF-");
const isZip = (b: Uint8Array) =>
  startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]);
const isOle = (b: Uint8Array) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Formats that are certainly not text, whatever the extension says. */
function binaryKind(b: Uint8Array): string | null {
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (isZip(b)) return "zip";
  if (isOle(b)) return "ole2";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47])) return "png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, [0x47, 0x49, 0x46, 0x38])) return "gif";
  if (startsWith(b, [0x1f, 0x8b])) return "gzip";
  if (startsWith(b, [0x7f, 0x45, 0x4c, 0x46])) return "elf";
  if (startsWith(b, [0x4d, 0x5a])) return "exe";
  return null;
}

/** The extension of a file name, lower case, without the dot. */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : "";
}

/**
 * The type a file claims by its extension, confirmed by its bytes. Cheap (no inflating, no parsing), so
 * an upload route can refuse a mismatch before storing anything. `type` overrides the extension (pasted
 * text has no name to speak of).
 */
export function detectType(
  name: string,
  bytes: Uint8Array,
  type?: ParsableType,
): { ok: true; type: ParsableType } | ParseFailure {
  const ext = extensionOf(name);
  const claimed = type ?? byExtension[ext];
  if (!claimed) return fail("type_unsupported", `extension "${ext}" is not accepted`);
  if (bytes.length === 0) return fail("file_empty");
  const extension = type ? claimed : ext;
  const mismatch = (what: string) =>
    fail("type_mismatch", `.${extension} file whose bytes look like ${what}`, { extension });
  switch (claimed) {
    case "pdf":
      return isPdf(bytes) ? { ok: true, type: claimed } : mismatch(binaryKind(bytes) ?? "something else");
    case "xls":
      if (isOle(bytes)) return { ok: true, type: claimed };
      return mismatch(binaryKind(bytes) ?? "something else");
    case "docx":
    case "xlsx": {
      if (!isZip(bytes)) return mismatch(binaryKind(bytes) ?? "something else");
      let names: Set<string>;
      try {
        names = new Set(readCentralDirectory(bytes).map((e) => e.name));
      } catch (e) {
        return e instanceof ParseError ? fail(e.key, e.message) : fail("file_corrupt", String(e));
      }
      if (!names.has("[Content_Types].xml")) return mismatch("a zip archive that is not an Office document");
      if (claimed === "docx" && !names.has("word/document.xml"))
        return mismatch(names.has("xl/workbook.xml") ? "a spreadsheet (xlsx)" : "another Office document");
      if (claimed === "xlsx" && !names.has("xl/workbook.xml"))
        return mismatch(
          names.has("word/document.xml") ? "a Word document (docx)" : "another Office document",
        );
      return { ok: true, type: claimed };
    }
    default: {
      if (!textTypes.has(claimed)) return fail("type_unsupported", `type ${claimed}`);
      const binary = binaryKind(bytes);
      if (binary) return mismatch(binary);
      if (!isText(bytes)) {
        // NUL bytes in the first kilobyte mean binary content, not a text in another encoding.
        const head = bytes.subarray(0, 1024);
        const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
        if (!utf16 && head.includes(0)) return mismatch("binary data");
        return fail("encoding_invalid", "text is not UTF-8 or UTF-16 with a BOM");
      }
      if (claimed === "html" && !looksLikeHtml(bytes)) return mismatch("plain text without HTML tags");
      return { ok: true, type: claimed };
    }
  }
}

/** Loose: some tag in the first 4 KB. */
function looksLikeHtml(bytes: Uint8Array): boolean {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "utf-16le"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "utf-16be"
        : "utf-8";
  const head = new TextDecoder(encoding).decode(bytes.subarray(0, 4096));
  return /<(!doctype\s+html|html|head|body|meta|title|main|article|div|p|h[1-6]|span|a|ul|ol|table|section|br)\b/i.test(
    head.replace(/^\ufeff/, ""),
  );
}
