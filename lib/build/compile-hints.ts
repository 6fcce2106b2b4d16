import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of a script that
 * starts with it is compiled eagerly, while the script streams in, on a background thread. Without it the
 * framework's module factories (react-dom's alone is ~180 KB) are compiled lazily on the main thread when
 * the page evaluates them, which made Next's start-up one task of ~45 ms on a fast machine, ~180 ms under
 * Lighthouse's 4× CPU, after the first paint of the public chat page: blocking time (issue 18).
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Puts the compile hint at the top of the scripts every page loads first and runs at once (the build
 * manifest's `rootMainFiles`: the runtime, React, the router). Run after Next's production compile
 * (next.config.ts `compiler.runAfterProductionCompile`); a file already marked is left as it is.
 */
export async function markStartupScripts(distDir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(distDir, "build-manifest.json"), "utf8")) as {
    rootMainFiles?: string[];
  };
  const files = manifest.rootMainFiles ?? [];
  if (files.length === 0) throw new Error(`${distDir}/build-manifest.json names no rootMainFiles to mark`);
  for (const file of files) {
    const full = path.join(distDir, file);
    const text = await readFile(full, "utf8");
    if (!text.startsWith(COMPILE_HINT)) await writeFile(full, COMPILE_HINT + text);
  }
  return files;
}
