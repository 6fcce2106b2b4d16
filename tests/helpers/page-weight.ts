import { gzipSync } from "node:zlib";

export type ScriptWeight = { files: string[]; gzipBytes: number; rawBytes: number };

/**
 * The script a page makes a browser download before it can run: every `<script src>` in its HTML but the
 * `nomodule` one (Next writes one per first-load chunk), fetched from the server and gzipped at level 9, as the budget in
 * issue 18 counts it. Chunks loaded later on demand (the markdown renderer, an answer's actions) are not
 * in the HTML and not counted.
 */
export async function scriptWeight(html: string, base: string): Promise<ScriptWeight> {
  // A `nomodule` script (Next's polyfills, 38 KB) is skipped by every browser that runs modules.
  const tags = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
  const files = [
    ...new Set(
      tags
        .filter((attrs) => !/\snomodule\b/i.test(attrs))
        .map((attrs) => /\ssrc="([^"]+)"/.exec(attrs)?.[1])
        .filter((src): src is string => src !== undefined),
    ),
  ];
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const src of files) {
    const res = await fetch(new URL(src.replaceAll("&amp;", "&"), base));
    if (res.status !== 200) throw new Error(`${src}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    rawBytes += body.byteLength;
    gzipBytes += gzipSync(body, { level: 9 }).byteLength;
  }
  return { files, gzipBytes, rawBytes };
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
