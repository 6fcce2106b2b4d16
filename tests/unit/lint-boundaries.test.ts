import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The client/server boundary (docs/architecture.md): biome.json refuses, in components/ and lib/client/, any
 * import of a server module or a Node built-in. The fixture lives under tests/fixtures/lint-boundary, which
 * `npm run lint` skips; here it is copied into a project of its own with the repository's biome.json, so
 * the rule checked is the one `npm run lint` applies.
 */
const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(root, "tests/fixtures/lint-boundary");
const files = ["components/bad.tsx", "lib/client/bad.ts"];
const MARK = "// boundary-violation";
const RULE = "lint/style/noRestrictedImports";

let project = "";

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "agentcity-lint-boundary-"));
  const biome = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
  // No git repository here; the rule's settings are otherwise the repository's own.
  biome.vcs = { enabled: false };
  delete biome.$schema;
  writeFileSync(path.join(project, "biome.json"), JSON.stringify(biome));
  cpSync(fixture, project, { recursive: true });
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

function lint() {
  const res = spawnSync(path.join(root, "node_modules/.bin/biome"), ["lint", "--max-diagnostics=none", "."], {
    cwd: project,
    encoding: "utf8",
  });
  return { code: res.status, output: `${res.stdout}${res.stderr}` };
}

/** file:line of every import the fixture marks as crossing the boundary. */
function markedImports(): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(fixture, file), "utf8")
      .split("\n")
      .flatMap((line, i) => (line.startsWith("import ") && line.includes(MARK) ? [`${file}:${i + 1}`] : [])),
  );
}

describe("client code cannot import server modules (npm run lint)", () => {
  it("fails on each marked import, naming the rule and saying where shared code goes", () => {
    const { code, output } = lint();
    expect(code).not.toBe(0);
    const flagged = [...output.matchAll(/([\w/]+\.tsx?):(\d+):\d+ lint\/style\/noRestrictedImports/g)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    expect(flagged.sort()).toEqual(markedImports().sort());
    expect(markedImports()).toHaveLength(3);
    expect(output).toContain("Client code (components/, lib/client/) must not import a server module");
    expect(output).toContain("Client code (components/, lib/client/) must not import Node built-ins.");
  });

  it("passes once the marked lines are gone (shared modules stay allowed)", () => {
    for (const file of files) {
      const text = readFileSync(path.join(fixture, file), "utf8");
      const clean = text
        .split("\n")
        .filter((line) => !line.includes(MARK))
        .join("\n");
      writeFileSync(path.join(project, file), clean);
    }
    const { code, output } = lint();
    expect(output).not.toContain(RULE);
    expect(code, output).toBe(0);
  });
});
