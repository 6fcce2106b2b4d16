import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Writable } from "node:stream";

/**
 * A backup is one plain tar (ustar) file, so `tar tf` can list it and no package is needed to write or read
 * it: each part goes in as a stream with its size known up front, so nothing is ever held whole. The writer
 * hashes every part on its way to disk; the reader gives each part as a stream, in order.
 */
const BLOCK = 512;
const ZEROS = new Uint8Array(BLOCK * 2);

export type WrittenPart = { name: string; size: number; sha256: string };

export class TarWriter {
  readonly #out: Writable;
  readonly parts: WrittenPart[] = [];

  constructor(out: Writable) {
    this.#out = out;
  }

  async #write(bytes: Uint8Array): Promise<void> {
    if (!this.#out.write(bytes)) await once(this.#out, "drain");
  }

  /** Adds one part of exactly `size` bytes; a source giving more or fewer is an error, not a short part. */
  async add(
    name: string,
    size: number,
    source: Uint8Array | AsyncIterable<Uint8Array>,
  ): Promise<WrittenPart> {
    await this.#write(header(name, size));
    const hash = createHash("sha256");
    let written = 0;
    const chunks = source instanceof Uint8Array ? [source] : source;
    for await (const chunk of chunks) {
      written += chunk.byteLength;
      if (written > size) throw new Error(`${name}: more than the ${size} bytes announced`);
      hash.update(chunk);
      await this.#write(chunk);
    }
    if (written !== size) throw new Error(`${name}: ${written} bytes instead of the ${size} announced`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.#write(new Uint8Array(pad));
    const part = { name, size, sha256: hash.digest("hex") };
    this.parts.push(part);
    return part;
  }

  /** The two empty blocks that end a tar, then the end of the stream (resolves once it is on disk). */
  async finish(): Promise<void> {
    await this.#write(ZEROS);
    this.#out.end();
    await once(this.#out, "finish");
  }
}

function header(name: string, size: number): Uint8Array {
  const h = Buffer.alloc(BLOCK);
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar keeps up to 155 more bytes of the path in `prefix`, cut at a slash.
    const cut = name.lastIndexOf("/", name.length - 1);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155) {
      throw new Error(`name too long for a backup part: ${name}`);
    }
  }
  h.write(base, 0, 100, "utf8");
  h.write("0000644\0", 100, "ascii");
  h.write("0000000\0", 108, "ascii");
  h.write("0000000\0", 116, "ascii");
  writeSize(h, size);
  h.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, "0")}\0`,
    136,
    "ascii",
  );
  h.write("        ", 148, "ascii");
  h.write("0", 156, "ascii");
  h.write("ustar\0", 257, "ascii");
  h.write("00", 263, "ascii");
  h.write(prefix, 345, 155, "utf8");
  h.write(`${checksum(h).toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return h;
}

/** Octal up to 8 GiB; above it, GNU's base-256 form (tar itself reads both). */
function writeSize(h: Buffer, size: number) {
  if (size < 8 ** 11) {
    h.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "ascii");
    return;
  }
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    h[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  h[124] = 0x80;
}

function readSize(h: Buffer): number {
  if (h[124]! & 0x80) {
    let v = 0n;
    for (let i = 125; i < 136; i++) v = (v << 8n) | BigInt(h[i]!);
    return Number(v);
  }
  return Number.parseInt(h.toString("ascii", 124, 136).replace(/\0.*$/s, "").trim() || "0", 8);
}

function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  return sum;
}

/** What is wrong with a backup file, in words an operator can act on. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFileError";
  }
}

/** Reads exactly n bytes at a time out of a stream of chunks of any size. */
class ChunkReader {
  readonly #source: AsyncIterator<Uint8Array>;
  #buffer: Buffer = Buffer.alloc(0);
  #done = false;
  offset = 0;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** Up to n bytes (fewer only at the end of the stream), at most one source chunk at a time. */
  async next(n: number): Promise<Buffer> {
    while (this.#buffer.length === 0 && !this.#done) {
      const r = await this.#source.next();
      if (r.done) this.#done = true;
      else this.#buffer = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    }
    const take = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(take.length);
    this.offset += take.length;
    return take;
  }

  /** Exactly n bytes, or fewer at the end of the stream. */
  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const chunk = await this.next(n - got);
      if (chunk.length === 0) break;
      parts.push(chunk);
      got += chunk.length;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }
}

export type TarEntry = {
  name: string;
  size: number;
  /** the part's bytes; read it whole (or not at all) before asking for the next entry */
  body: AsyncIterable<Buffer>;
};

/**
 * The parts of a tar, in order. A file cut short (inside a header, a part or before the end blocks) or a
 * damaged header throws BackupFileError naming where.
 */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(source);
  for (;;) {
    const at = reader.offset;
    const h = await reader.exactly(BLOCK);
    if (h.length < BLOCK) {
      throw new BackupFileError(
        `the file is truncated: it ends at byte ${reader.offset} without the end of the archive`,
      );
    }
    if (h.every((b) => b === 0)) {
      // The end is two empty blocks; a file cut between them lost its end too.
      const second = await reader.exactly(BLOCK);
      if (second.length < BLOCK || !second.every((b) => b === 0)) {
        throw new BackupFileError(
          `the file is truncated: it ends at byte ${reader.offset} without the end of the archive`,
        );
      }
      return;
    }
    const stored = Number.parseInt(h.toString("ascii", 148, 156).replace(/\0.*$/s, "").trim(), 8);
    if (stored !== checksum(h))
      throw new BackupFileError(`the part header at byte ${at} is damaged (checksum mismatch)`);
    const base = h.toString("utf8", 0, 100).replace(/\0.*$/s, "");
    const prefix = h.toString("utf8", 345, 500).replace(/\0.*$/s, "");
    const name = prefix ? `${prefix}/${base}` : base;
    const size = readSize(h);
    let left = size;
    const take = async () => {
      const chunk = await reader.next(Math.min(left, 1 << 20));
      if (chunk.length === 0) {
        throw new BackupFileError(
          `the file is truncated inside part ${name} (${size - left} of ${size} bytes present)`,
        );
      }
      left -= chunk.length;
      return chunk;
    };
    const body = async function* () {
      while (left > 0) yield await take();
    };
    yield { name, size, body: body() };
    // What the reader of the entry left unread is skipped, so the next header is where it should be.
    while (left > 0) await take();
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad && (await reader.exactly(pad)).length < pad) {
      throw new BackupFileError(`the file is truncated after part ${name}`);
    }
  }
}
