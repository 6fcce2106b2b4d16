import "server-only";
import { Decompress } from "fflate";
import { ParseError } from "./types.ts";

/**
 * pdf.js inflates a content stream whole and cannot be told to stop, so a 0.9 MB PDF whose stream inflates
 * to 700 MB costs 700 MB (and more while it is parsed). Before pdf.js sees a file, every stream it may
 * decode for text is inflated here in small steps and only counted, never kept: past the per-stream or
 * per-document budget the file is refused with a reason a person understands. Images are skipped, since
 * the text layer never decodes them.
 */
export type StreamBudget = { maxStreamBytes: number; maxDecodedBytes: number };

const imageFilters = new Set(["DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode"]);
/** Filters whose output is never larger than their input: no inflation to count. */
const shrinkingFilters = new Set(["ASCIIHexDecode", "AHx", "ASCII85Decode", "A85", "Crypt"]);
const flateFilters = new Set(["FlateDecode", "Fl"]);
/** Input steps small enough that one step of a maximal deflate stream (~1:1032) adds about 1 MB. PDF
 * FlateDecode is zlib-wrapped; `Decompress` reads the header (and takes raw deflate too). */
const STEP = 1024;

function tooExpanded(detail: string): ParseError {
  return new ParseError("pdf_too_expanded", `pdf: ${detail}`);
}

/** Filter names of a stream's dictionary, in decoding order. */
function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!m) return [];
  return [...m[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((f) => f[1]!);
}

/** Where a stream's data ends: its direct /Length when that lands on `endstream`, else the keyword. */
function streamEnd(text: string, dict: string, start: number): number {
  const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  if (direct) {
    const end = start + Number(direct[1]);
    if (end <= text.length && /^\s*endstream/.test(text.slice(end, end + 32))) return end;
  }
  const found = text.indexOf("endstream", start);
  return found < 0 ? text.length : found;
}

/** Decoded size of one Flate (possibly Flate-of-Flate) chain, stopping once `cap` is passed. */
function inflatedSize(data: Uint8Array, flateLayers: number, cap: number, label: string): number {
  let produced = 0;
  // Each layer feeds the next; only the last layer's output is the stream's decoded size, but every
  // layer's output is bounded by the same cap so a nested bomb cannot grow in the middle.
  const layers: Decompress[] = [];
  const sizes: number[] = new Array(flateLayers).fill(0);
  for (let i = 0; i < flateLayers; i++) {
    const layer = i;
    layers.push(
      new Decompress((chunk, final) => {
        sizes[layer]! += chunk.length;
        if (sizes[layer]! > cap) throw tooExpanded(`${label} decodes to more than ${cap} bytes`);
        if (layer === flateLayers - 1) produced += chunk.length;
        else
          for (let o = 0; o < chunk.length; o += STEP)
            layers[layer + 1]!.push(chunk.subarray(o, o + STEP), final && o + STEP >= chunk.length);
      }),
    );
  }
  try {
    for (let o = 0; o < data.length; o += STEP)
      layers[0]!.push(data.subarray(o, o + STEP), o + STEP >= data.length);
  } catch (e) {
    if (e instanceof ParseError) throw e;
    // A damaged stream: pdf.js decides what to make of it; what was produced so far is what counts.
  }
  return produced;
}

/** ASCIIHexDecode: pairs of hex digits up to `>`; whitespace ignored. */
function fromHex(data: Uint8Array): Uint8Array {
  const digits = Buffer.from(data)
    .toString("latin1")
    .split(">")[0]!
    .replace(/[^0-9A-Fa-f]/g, "");
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex");
}

/** ASCII85Decode: groups of five characters from `!` to `u`, `z` for four zero bytes, up to `~>`. */
function fromAscii85(data: Uint8Array): Uint8Array {
  const text = Buffer.from(data).toString("latin1").split("~>")[0]!.replace(/\s/g, "");
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < n - 1; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const ch of text) {
    if (ch === "z" && group.length === 0) out.push(0, 0, 0, 0);
    else {
      const c = ch.charCodeAt(0) - 33;
      if (c < 0 || c > 84) continue;
      group.push(c);
      if (group.length === 5) flush(5);
    }
  }
  if (group.length > 1) flush(group.length);
  return Uint8Array.from(out);
}

/**
 * Decoded size of a stream through its filters, stopping once `cap` is passed. Text encodings (hex,
 * ASCII85) only shrink and are decoded outright; a run of Flate layers is inflated and counted. LZW and
 * run-length can expand too; they are rare in text PDFs and the process ceiling bounds them, so they end
 * the count with what is known.
 */
function decodedSize(data: Uint8Array, filters: string[], cap: number, label: string): number {
  let current = data;
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i]!;
    if (f === "ASCIIHexDecode" || f === "AHx") current = fromHex(current);
    else if (f === "ASCII85Decode" || f === "A85") current = fromAscii85(current);
    else if (flateFilters.has(f)) {
      let layers = 1;
      while (flateFilters.has(filters[i + layers] ?? "")) layers++;
      return inflatedSize(current, layers, cap, label);
    } else if (!shrinkingFilters.has(f)) break;
  }
  return current.length;
}

/** Throws pdf_too_expanded when the PDF's streams decode past the budget; otherwise returns the total. */
export function checkPdfStreams(bytes: Uint8Array, budget: StreamBudget): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const keyword = /\bstream(\r\n|\n|\r)/g;
  let total = 0;
  let previousEnd = 0;
  let index = 0;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const start = m.index + m[0].length;
    // The dictionary is what lies between the previous stream (or 4 KB back) and this keyword.
    const before = text.slice(Math.max(previousEnd, m.index - 4096), m.index);
    const objAt = before.lastIndexOf("obj");
    const dict = objAt >= 0 ? before.slice(objAt) : before;
    const end = streamEnd(text, dict, start);
    previousEnd = end;
    keyword.lastIndex = end;
    index++;
    const filters = filtersOf(dict);
    if (/\/Subtype\s*\/Image\b/.test(dict) || filters.some((f) => imageFilters.has(f))) continue;
    const remaining = budget.maxDecodedBytes - total;
    const cap = Math.min(budget.maxStreamBytes, remaining);
    // The label says which budget a stream ran into: its own, or what the document had left.
    const label =
      cap < budget.maxStreamBytes ? `streams up to ${index} (document budget)` : `stream ${index}`;
    const size = decodedSize(bytes.subarray(start, end), filters, cap, label);
    if (size > budget.maxStreamBytes)
      throw tooExpanded(`stream ${index} decodes to more than ${budget.maxStreamBytes} bytes`);
    total += size;
    if (total > budget.maxDecodedBytes)
      throw tooExpanded(`streams decode to more than ${budget.maxDecodedBytes} bytes in all`);
  }
  return total;
}
