import "server-only";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";

export type BuildInfo = { buildId: string; builtAt: string };

const processStartedAt = new Date().toISOString();
const DEVELOPMENT: BuildInfo = { buildId: "development", builtAt: processStartedAt };
const CACHE_MS = 5_000;
let cached: { at: number; info: BuildInfo } | null = null;

/**
 * The deployed build, read from Next's BUILD_ID (a fresh id per build, see next.config.ts).
 * Read from disk rather than baked in, so /latest.json tells about the build on disk now.
 */
export function currentBuild(): BuildInfo {
  const now = Date.now();
  if (cached && now - cached.at < CACHE_MS) return cached.info;
  cached = { at: now, info: readBuild() };
  return cached.info;
}

function readBuild(): BuildInfo {
  // `next dev` leaves an earlier production build's BUILD_ID in place; announcing it would be a lie.
  if (config().NODE_ENV === "development") return DEVELOPMENT;
  const file = path.join(process.cwd(), ".next", "BUILD_ID");
  try {
    const buildId = readFileSync(file, "utf8").trim();
    return buildId ? { buildId, builtAt: statSync(file).mtime.toISOString() } : DEVELOPMENT;
  } catch {
    return DEVELOPMENT;
  }
}
