import "server-only";
import { Inflate } from "fflate";
import { ParseError, type ParseLimits } from "./types.ts";

export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
};

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

function u16(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8);
}
function u32(b: Uint8Array, o: number): number {
  return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
}

/**
 * Reads the central directory only: nothing is inflated yet. ZIP64 is refused, since a 1 MB upload never
 * needs it and its sizes are the classic way to lie about a bomb.
 */
export function readCentralDirectory(bytes: Uint8Array): ZipEntry[] {
  if (bytes.length < 22)
    throw new ParseError("file_corrupt", "zip: too short for an end-of-directory record");
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (u32(bytes, i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ParseError("file_corrupt", "zip: no end-of-directory record (truncated?)");
  const count = u16(bytes, eocd + 10);
  const size = u32(bytes, eocd + 12);
  const offset = u32(bytes, eocd + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new ParseError("file_corrupt", "zip: ZIP64 archives are not accepted");
  if (offset + size > eocd) throw new ParseError("file_corrupt", "zip: central directory out of bounds");
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || u32(bytes, p) !== CEN)
      throw new ParseError("file_corrupt", `zip: bad central directory entry ${i}`);
    const nameLength = u16(bytes, p + 28);
    const extraLength = u16(bytes, p + 30);
    const commentLength = u16(bytes, p + 32);
    const end = p + 46 + nameLength;
    if (end > bytes.length) throw new ParseError("file_corrupt", "zip: entry name out of bounds");
    entries.push({
      flags: u16(bytes, p + 8),
      method: u16(bytes, p + 10),
      compressedSize: u32(bytes, p + 20),
      uncompressedSize: u32(bytes, p + 24),
      localOffset: u32(bytes, p + 42),
      name: new TextDecoder().decode(bytes.subarray(p + 46, end)),
    });
    p = end + extraLength + commentLength;
  }
  return entries;
}

/** The checks made before a single byte is inflated. */
export function checkDirectory(entries: ZipEntry[], limits: ParseLimits): void {
  if (entries.length > limits.maxEntries)
    throw new ParseError("too_many_entries", `zip: ${entries.length} entries, limit ${limits.maxEntries}`);
  let total = 0;
  for (const e of entries) {
    if (e.uncompressedSize === 0xffffffff || e.compressedSize === 0xffffffff)
      throw new ParseError("file_corrupt", "zip: ZIP64 entry sizes are not accepted");
    total += e.uncompressedSize;
    // Small entries compress absurdly well (an empty XML part); only big ones are judged by their ratio.
    if (
      e.uncompressedSize > 1024 * 1024 &&
      e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxRatio
    )
      throw new ParseError(
        "archive_too_large",
        `zip: ${e.name} declares ${e.uncompressedSize} bytes from ${e.compressedSize} (ratio limit ${limits.maxRatio})`,
      );
  }
  if (total > limits.maxUncompressedBytes)
    throw new ParseError(
      "archive_too_large",
      `zip: declares ${total} bytes uncompressed, limit ${limits.maxUncompressedBytes}`,
    );
}

/**
 * A zip whose directory passed the checks. `read` inflates one entry in small steps and stops as soon as
 * the output passes what the directory declared or what is left of the archive's budget, so a lying header
 * costs at most one step of output.
 */
export class ZipReader {
  readonly entries: Map<string, ZipEntry>;
  private budget: number;
  private readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array, limits: ParseLimits) {
    const list = readCentralDirectory(bytes);
    checkDirectory(list, limits);
    this.bytes = bytes;
    this.budget = limits.maxUncompressedBytes;
    this.entries = new Map(list.map((e) => [e.name, e]));
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  read(name: string): Uint8Array | null {
    const e = this.entries.get(name);
    if (!e) return null;
    if (e.flags & 1) throw new ParseError("file_corrupt", `zip: ${name} is encrypted`);
    const b = this.bytes;
    const p = e.localOffset;
    if (p + 30 > b.length || u32(b, p) !== LOC)
      throw new ParseError("file_corrupt", `zip: bad local header for ${name}`);
    const start = p + 30 + u16(b, p + 26) + u16(b, p + 28);
    const end = start + e.compressedSize;
    if (end > b.length) throw new ParseError("file_corrupt", `zip: ${name} runs past the end of the file`);
    const data = b.subarray(start, end);
    const cap = Math.min(e.uncompressedSize, this.budget);
    if (e.method === 0) {
      if (data.length > cap)
        throw new ParseError("archive_too_large", `zip: stored ${name} larger than declared`);
      this.budget -= data.length;
      return data;
    }
    if (e.method !== 8)
      throw new ParseError("file_corrupt", `zip: ${name} uses compression method ${e.method}`);
    const chunks: Uint8Array[] = [];
    let produced = 0;
    let done = false;
    const inflater = new Inflate((chunk, final) => {
      produced += chunk.length;
      if (produced > cap)
        throw new ParseError(
          "archive_too_large",
          `zip: ${name} inflates past its declared ${e.uncompressedSize} bytes (budget left ${this.budget})`,
        );
      chunks.push(chunk);
      if (final) done = true;
    });
    const step = 4096;
    try {
      for (let i = 0; i < data.length; i += step)
        inflater.push(data.subarray(i, i + step), i + step >= data.length);
      if (data.length === 0) inflater.push(new Uint8Array(0), true);
    } catch (err) {
      if (err instanceof ParseError) throw err;
      throw new ParseError("file_corrupt", `zip: ${name} does not inflate: ${(err as Error).message}`);
    }
    if (!done && produced < e.uncompressedSize)
      throw new ParseError(
        "file_corrupt",
        `zip: ${name} ended after ${produced} of ${e.uncompressedSize} bytes`,
      );
    this.budget -= produced;
    const out = new Uint8Array(produced);
    let o = 0;
    for (const c of chunks) {
      out.set(c, o);
      o += c.length;
    }
    return out;
  }

  readText(name: string): string | null {
    const data = this.read(name);
    if (!data) return null;
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(data);
    } catch {
      throw new ParseError("encoding_invalid", `zip: ${name} is not UTF-8`);
    }
  }
}
