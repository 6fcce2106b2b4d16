import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The file a worker (a thread or a child process) runs, on disk. Bundlers move the module that starts it
 * (a production build puts it under .next), so the file of that name next to the module's own URL is tried
 * first, and the source tree under the working directory after (the server and the scripts run from the
 * project root). `sourcePath` is relative to that root; `what` names the worker in the error.
 */
export function workerEntry(callerUrl: string, sourcePath: string, what: string): string {
  const candidates: string[] = [];
  try {
    candidates.push(path.join(path.dirname(fileURLToPath(callerUrl)), path.basename(sourcePath)));
  } catch {
    // import.meta.url is not a file URL inside some bundles.
  }
  // Read at run time from the project root `npm start` runs in; telling the bundler so keeps its file
  // tracing from taking in the whole project (and warning about it on every build).
  candidates.push(path.join(/*turbopackIgnore: true*/ process.cwd(), ...sourcePath.split("/")));
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`${what} not found (looked at ${candidates.join(", ")})`);
  return found;
}
