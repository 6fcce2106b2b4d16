import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

/** Fresh temporary folders for a test file, removed after each test. */
export function tempDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = mkdtempSync(path.join(tmpdir(), `agentcity-${prefix}-`));
    dirs.push(d);
    return d;
  };
}
