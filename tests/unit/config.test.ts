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
    // Workers apart need a database more than one process can open.
    expect(failure({ WORKER_MODE: "separate" }).variable).toBe("WORKER_MODE");
    expect(failure({ WORKER_CONCURRENCY: "0" }).variable).toBe("WORKER_CONCURRENCY");
    expect(failure({ WORKER_CONCURRENCY: "many" }).variable).toBe("WORKER_CONCURRENCY");
    expect(failure({ WORKER_MODE: "separate" }).reason).toMatch(/DATABASE_URL/);
    expect(failure({ RETRIEVAL_CACHE_ENTRIES: "-1" }).variable).toBe("RETRIEVAL_CACHE_ENTRIES");
    expect(failure({ RETRIEVAL_CACHE_ENTRIES: "lots" }).reason).toMatch(/whole number from 0 to 100000/);
    expect(parseConfig({ DATA_DIR: dataDir(), RETRIEVAL_CACHE_ENTRIES: "0" }).RETRIEVAL_CACHE_ENTRIES).toBe(
      0,
    );
    expect(failure({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db" }).variable).toBe(
      "SESSION_SECRET",
    );
  });

  it("keeps files on local disk unless FILE_STORE=s3 names a bucket and its keys", () => {
    const local = parseConfig({ DATA_DIR: dataDir() });
    expect(local.FILE_STORE).toBe("local");
    expect(local.S3_REGION).toBe("us-east-1");
    // An empty line in .env (FILE_STORE=) is the default, as for the other optional variables.
    expect(parseConfig({ DATA_DIR: dataDir(), FILE_STORE: "", S3_REGION: "" })).toMatchObject({
      FILE_STORE: "local",
      S3_REGION: "us-east-1",
    });
    const s3 = {
      FILE_STORE: "s3",
      S3_BUCKET: "agentcity-files",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    const cfg = parseConfig({
      DATA_DIR: dataDir(),
      ...s3,
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(cfg).toMatchObject({
      FILE_STORE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: true,
    });
    // Each missing piece is named, so the operator knows which line of the environment to fix.
    expect(failure({ ...s3, S3_BUCKET: "" })).toMatchObject({
      variable: "S3_BUCKET",
      reason: "required when FILE_STORE is s3",
    });
    expect(failure({ ...s3, S3_ACCESS_KEY_ID: "" }).variable).toBe("S3_ACCESS_KEY_ID");
    expect(failure({ ...s3, S3_SECRET_ACCESS_KEY: " " }).variable).toBe("S3_SECRET_ACCESS_KEY");
    expect(failure({ ...s3, S3_ENDPOINT: "minio:9000" }).variable).toBe("S3_ENDPOINT");
    expect(failure({ ...s3, S3_ENDPOINT: "ftp://files.example" }).variable).toBe("S3_ENDPOINT");
    expect(failure({ ...s3, S3_BUCKET: "bucket/folder" }).variable).toBe("S3_BUCKET");
    expect(failure({ ...s3, S3_FORCE_PATH_STYLE: "yes" }).variable).toBe("S3_FORCE_PATH_STYLE");
    expect(failure({ FILE_STORE: "disk" })).toMatchObject({
      variable: "FILE_STORE",
      reason: "FILE_STORE must be local or s3",
    });
    // The local store ignores the S3 variables: setting them up ahead of the switch is allowed.
    expect(parseConfig({ DATA_DIR: dataDir(), S3_BUCKET: "later" }).FILE_STORE).toBe("local");
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
