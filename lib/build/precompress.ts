import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * The build's scripts and stylesheets, compressed once at their smallest: Brotli at quality 11 (~12 %
 * smaller than gzip for this build's scripts; ~5 s of CPU for all of them, far too slow per request) and
 * gzip at level 9, written beside each file as `.br` and `.gz`. The server sends them as they are
 * (lib/http/precompressed.ts): no compression work per page view, fewer bytes to a phone. Run after Next's
 * production compile (next.config.ts), after anything else there that rewrites a script.
 */

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files worth it: text that browsers fetch from `/_next/static`, from 1 KB. */
const TEXT = /\.(js|mjs|css|svg|json|txt)$/;
export const PRECOMPRESS_MIN_BYTES = 1024;

export type Precompressed = { files: number; rawBytes: number; brBytes: number; gzipBytes: number };

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && TEXT.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

export async function precompressStatic(staticDir: string): Promise<Precompressed> {
  const files = await filesUnder(staticDir);
  const totals: Precompressed = { files: 0, rawBytes: 0, brBytes: 0, gzipBytes: 0 };
  // zlib's async calls run on libuv's pool: a few at a time keep every core busy without holding all in memory.
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const raw = await readFile(file);
      if (raw.length < PRECOMPRESS_MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipped(raw, { level: 9 }),
      ]);
      // A variant no smaller than the file is left out; the server then sends the file.
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
      totals.files++;
      totals.rawBytes += raw.length;
      totals.brBytes += Math.min(br.length, raw.length);
      totals.gzipBytes += Math.min(gz.length, raw.length);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return totals;
}
