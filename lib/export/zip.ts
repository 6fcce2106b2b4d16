import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** Formats already compressed: stored as they are, deflating them again would only cost time. */
const COMPRESSED = /\.(pdf|docx|xlsx|pptx|odt|zip|gz|png|jpe?g|gif|webp|mp3|mp4)$/i;
/** Text is pushed to the deflater in pieces of about this size, not row by row. */
const PIECE = 64 * 1024;

const encoder = new TextEncoder();

/** One entry being written: text or bytes in order, then `end`. */
export type ZipEntry = {
  write(chunk: string | Uint8Array): Promise<void>;
  end(): Promise<void>;
};

/**
 * A ZIP written to a file as it is made (fflate's streaming Zip): entries one after another, each pushed
 * in pieces and the file's write buffer drained between them, so memory holds a piece, never the archive.
 */
export class ZipFileWriter {
  private readonly zip: Zip;
  private readonly out: WriteStream;
  private failure: Error | null = null;
  private open = false;

  constructor(file: string) {
    this.out = createWriteStream(file);
    this.out.on("error", (err) => {
      this.failure ??= err;
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure ??= err;
        return;
      }
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  private async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, "drain");
    if (this.failure) throw this.failure;
  }

  /** Starts an entry; the previous one must have ended (entries are written one at a time). */
  entry(name: string, at = new Date()): ZipEntry {
    if (this.open) throw new Error("a ZIP entry is still open");
    this.open = true;
    const file = COMPRESSED.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    file.mtime = at;
    this.zip.add(file);
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = async (final: boolean) => {
      if (pendingLength > 0 || final) {
        file.push(encoder.encode(pending.join("")), final);
        pending = [];
        pendingLength = 0;
      }
      await this.drain();
    };
    return {
      write: async (chunk) => {
        if (typeof chunk === "string") {
          pending.push(chunk);
          pendingLength += chunk.length;
          if (pendingLength >= PIECE) await flush(false);
          return;
        }
        await flush(false);
        file.push(chunk, false);
        await this.drain();
      },
      end: async () => {
        await flush(true);
        this.open = false;
      },
    };
  }

  /** A whole entry at once (a small JSON file, one stored original). */
  async file(name: string, content: string | Uint8Array, at?: Date): Promise<void> {
    const e = this.entry(name, at);
    await e.write(content);
    await e.end();
  }

  /** Ends the archive and waits for the file to be on disk; answers its size in bytes. */
  async close(): Promise<number> {
    if (this.failure) throw this.failure;
    this.zip.end();
    if (!this.out.writableFinished) await once(this.out, "finish");
    if (this.failure) throw this.failure;
    return this.out.bytesWritten;
  }

  /** Gives up: the file is closed as it is (the caller removes it). */
  abort(): void {
    this.zip.terminate();
    this.out.destroy();
  }
}
