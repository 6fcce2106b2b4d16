/** SHELL-8: a deployment replaces the chunks an open page still asks for; reload, but never in a loop. */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_KEY = "agentcity:chunk-reload-at";

// The name is matched in text too, for when only a message survives (an ErrorEvent without its error,
// a string rejection). Turbopack (JS and CSS) says "Failed to load chunk", webpack "Loading [CSS ]chunk".
const CHUNK_PATTERNS = [
  /ChunkLoadError/,
  /Failed to load chunk/i,
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk/i,
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

export function isChunkLoadError(err: unknown): boolean {
  if (!err) return false;
  const e = err as { name?: unknown; message?: unknown };
  if (e.name === "ChunkLoadError") return true;
  const message = typeof err === "string" ? err : typeof e.message === "string" ? e.message : "";
  return CHUNK_PATTERNS.some((p) => p.test(message));
}

export function shouldReload(lastReloadAt: number | null, now: number, guardMs = RELOAD_GUARD_MS): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  const elapsed = now - lastReloadAt;
  // A stamp from the future means the clock was set back; waiting for it could block reloads for hours.
  return elapsed < 0 || elapsed >= guardMs;
}
