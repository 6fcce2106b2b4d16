import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * How `npm start` decides whether to build: when a source is newer than the last build's BUILD_ID. Its own
 * module so a test can tell whether starting would rebuild before it starts anything.
 */
export const BUILD_SOURCES = [
  "app",
  "lib",
  "components",
  "messages",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package-lock.json",
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** "none" without a build, "stale" when a source changed after it, "fresh" otherwise. */
export function buildState(root: string): "none" | "stale" | "fresh" {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return "none";
  const builtAt = statSync(buildId).mtimeMs;
  const sourcesAt = Math.max(...BUILD_SOURCES.map((s) => newestMtime(path.join(root, s))));
  return builtAt < sourcesAt ? "stale" : "fresh";
}
