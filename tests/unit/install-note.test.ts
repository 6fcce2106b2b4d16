import { execFileSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../helpers/temp";

const tempDir = tempDirs("install-note");

/** Issue 43 item 23: npm install on a machine with another Node says so once, without EBADENGINE warnings. */
function noteWith(version: string): string {
  const dir = tempDir();
  const fakeNode = path.join(dir, "node");
  writeFileSync(fakeNode, `#!/bin/sh\necho ${version}\n`);
  chmodSync(fakeNode, 0o755);
  return execFileSync(process.execPath, ["scripts/install-note.mjs"], {
    encoding: "utf8",
    env: { ...process.env, npm_node_execpath: fakeNode },
  });
}

describe("the install note", () => {
  it("names the machine's Node once when it is not 24", () => {
    const out = noteWith("v20.20.2");
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toContain("v20.20.2");
    expect(out).toContain("node_modules/.bin/node");
  });

  it("says nothing on Node 24", () => {
    expect(noteWith("v24.21.0")).toBe("");
  });

  it("runs after every npm install, and npm prints errors only (no EBADENGINE warnings)", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.postinstall).toBe("node scripts/install-note.mjs");
    expect(readFileSync(".npmrc", "utf8")).toMatch(/^loglevel=error$/m);
  });
});
