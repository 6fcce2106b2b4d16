import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The build's precompressed scripts and stylesheets (lib/build/precompress.ts), found by the URL Next
 * serves them at. Their names carry their content's hash and never change under a running server, so each
 * variant is read once and kept (the whole build's are ~1 MB).
 */

export const STATIC_PREFIX = "/_next/static/";

export type Coding = "br" | "gzip";
export type Variant = { coding: Coding; body: Buffer };
export type StaticVariants = (pathname: string, accepted: ReadonlySet<Coding>) => Variant | null;

/** Nothing but a build's own file names: no `..`, no encoded or unusual characters. */
const SAFE = /^[\w.~-]+(\/[\w.~-]+)*$/;

export function precompressedStatic(staticDir: string): StaticVariants {
  const root = path.resolve(staticDir);
  const kept = new Map<string, Buffer | null>();
  const read = (file: string) => {
    let body = kept.get(file);
    if (body === undefined) {
      try {
        body = readFileSync(file);
      } catch {
        body = null;
      }
      kept.set(file, body);
    }
    return body;
  };
  return (pathname, accepted) => {
    if (!pathname.startsWith(STATIC_PREFIX)) return null;
    const rest = pathname.slice(STATIC_PREFIX.length);
    if (!SAFE.test(rest) || rest.split("/").some((part) => part === "." || part === "..")) return null;
    const file = path.join(root, rest);
    if (!file.startsWith(root + path.sep)) return null;
    for (const [coding, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!accepted.has(coding)) continue;
      const body = read(file + ext);
      if (body) return { coding, body };
    }
    return null;
  };
}
