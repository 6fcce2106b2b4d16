import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `npm run redirects` against a throwaway embedded database: the real script, the real migrations.
const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-redirects-"));
const tsx = path.resolve("node_modules/.bin/tsx");

function cli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" };
  delete env.DATABASE_URL;
  const res = spawnSync(tsx, ["scripts/redirects.ts", ...args], { env, encoding: "utf8", timeout: 60_000 });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run redirects", () => {
  it("adds, lists and removes rules", () => {
    expect(cli("add", "/old-pricing", "/en/pricing", "--permanent").code).toBe(0);
    expect(cli("add", "/docs", "https://example.org/docs", "--middleware", '{"auth":false}').code).toBe(0);
    const listed = cli("list");
    expect(listed.code).toBe(0);
    expect(listed.out).toContain("/old-pricing -> /en/pricing (308 permanent)");
    expect(listed.out).toContain(
      '/docs -> https://example.org/docs (307 temporary) middleware={"auth":false}',
    );
    expect(cli("remove", "/docs").code).toBe(0);
    expect(cli("list").out).not.toContain("/docs");
  }, 120_000);

  it("refuses bad rules with a clear message and stores nothing", () => {
    const bad = cli("add", "/loop", "/loop");
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("Invalid redirect: target equals source");
    const evil = cli("add", "/x", "//evil.example");
    expect(evil.code).toBe(1);
    expect(cli("list").out).not.toContain("/loop");
    expect(cli("remove", "/never-added").code).toBe(1);
  }, 120_000);
});
