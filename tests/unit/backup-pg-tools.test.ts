import { afterEach, describe, expect, it, vi } from "vitest";
import { assertPgTools, MissingPgTool, pgDump } from "@/lib/backup/pg-tools";

/** A Postgres backup without PostgreSQL's client tools says what to install, in one message. */
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("pg_dump and pg_restore missing", () => {
  it("names the package to install instead of a spawn error", async () => {
    vi.stubEnv("PATH", "/nonexistent-agentcity-path");
    expect(() => assertPgTools()).toThrow(MissingPgTool);
    const err = await pgDump("postgres://postgres@127.0.0.1:5432/test", "/tmp/never.dump").catch(
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(MissingPgTool);
    expect((err as Error).message).toMatch(/^pg_dump was not found on PATH/);
    expect((err as Error).message).toMatch(/postgresql-client/);
  });

  it("finds them where they are installed", () => {
    expect(() => assertPgTools()).not.toThrow();
  });
});
