import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "@/lib/db/client";

// PGlite has no lock of its own: our lock file must refuse a second process on the same folder.
function migrateOn(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" };
  delete env.DATABASE_URL;
  const res = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/db-migrate.ts"], {
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe("one owner per PGlite folder", () => {
  it("refuses `npm run db:migrate` on the running server's folder", () => {
    if (inject("databaseKind") !== "pglite") {
      // The server under test uses Postgres; the in-process case below covers the lock on this run.
      expect(inject("databaseKind")).toBe("postgres");
      return;
    }
    const t = Date.now();
    const res = migrateOn(inject("dataDir"));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("is in use by another AgentCity process");
    // Refused at once, not after a connection timeout (the time is mostly tsx starting up).
    expect(Date.now() - t).toBeLessThan(20_000);
  });

  it("refuses while another process holds the folder, and works once it is released", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agentcity-owner-"));
    try {
      const db = await openDatabase({ dataDir: dir });
      const refused = migrateOn(dir);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(refused.stderr).toContain(`(pid ${process.pid})`);
      await db.close();
      const ok = migrateOn(dir);
      expect(ok.stderr).toBe("");
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain("Migrations applied on pglite");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
