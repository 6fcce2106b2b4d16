import { readFileSync, statSync } from "node:fs";
import path from "node:path";

export type BuildInfo = { buildId: string; builtAt: string };

const processStartedAt = new Date().toISOString();
const CACHE_MS = 5_000;
let cached: { at: number; info: BuildInfo } | null = null;

/**
 * The deployed build, read from Next's BUILD_ID (a fresh id per build, see next.config.ts).
 * Read from disk rather than baked in, so /latest.json tells about the build on disk now.
 */
export function currentBuild(): BuildInfo {
  const now = Date.now();
  if (cached && now - cached.at < CACHE_MS) return cached.info;
  const file = path.join(process.cwd(), ".next", "BUILD_ID");
  let info: BuildInfo;
  try {
    info = { buildId: readFileSync(file, "utf8").trim(), builtAt: statSync(file).mtime.toISOString() };
  } catch {
    info = { buildId: "development", builtAt: processStartedAt };
  }
  cached = { at: now, info };
  return info;
}
