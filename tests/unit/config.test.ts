import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";
import { tempDirs } from "../helpers/temp";

const dataDir = tempDirs("config");

function failure(env: Record<string, string>): ConfigError {
  try {
    parseConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("has defaults that run the product embedded", () => {
    const cfg = parseConfig({ DATA_DIR: dataDir() });
    expect(cfg.PORT).toBe(3000);
    expect(cfg.APP_NAME).toBe("AgentCity");
    expect(cfg.APP_URL).toBe("http://localhost:3000");
    expect(cfg.embedded).toBe(true);
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("derives APP_URL from PORT and trims a trailing slash", () => {
    expect(parseConfig({ DATA_DIR: dataDir(), PORT: "4123" }).APP_URL).toBe("http://localhost:4123");
    expect(parseConfig({ DATA_DIR: dataDir(), APP_URL: "https://a.example/" }).APP_URL).toBe(
      "https://a.example",
    );
  });

  it("names the variable that is wrong", () => {
    expect(failure({ PORT: "abc" }).variable).toBe("PORT");
    expect(failure({ PORT: "70000" }).variable).toBe("PORT");
    expect(failure({ DATABASE_URL: "mysql://x" }).variable).toBe("DATABASE_URL");
    expect(failure({ SESSION_SECRET: "short" }).variable).toBe("SESSION_SECRET");
    expect(failure({ APP_URL: "ftp://x" }).variable).toBe("APP_URL");
    expect(failure({ WORKER_MODE: "sometimes" }).variable).toBe("WORKER_MODE");
    expect(failure({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db" }).variable).toBe(
      "SESSION_SECRET",
    );
  });

  it("generates the session secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = parseConfig({ DATA_DIR: dir }).SESSION_SECRET;
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(parseConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    expect(parseConfig({ DATA_DIR: dataDir() }).SESSION_SECRET).not.toBe(first);
  });

  it("stops a process with one line naming the variable", () => {
    const res = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/db-migrate.ts"], {
      env: { ...process.env, PORT: "abc", DATA_DIR: dataDir() },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT: /);
  });
});
