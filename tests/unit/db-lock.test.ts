import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "@/lib/db/lock";
import { tempDirs } from "../helpers/temp";

const tempDir = tempDirs("lock");

describe("data folder lock", () => {
  it("writes our pid and removes the file on release", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const file = path.join(dir, "agentcity.lock");
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
    release();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a folder held by another live process", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(
        path.join(dir, "agentcity.lock"),
        JSON.stringify({ pid: other.pid, host: hostname(), since: new Date().toISOString() }),
      );
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another AgentCity process \(pid \d+\)/);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a dead process", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", "0"]);
    await new Promise((r) => dead.on("exit", r));
    writeFileSync(
      path.join(dir, "agentcity.lock"),
      JSON.stringify({ pid: dead.pid, host: hostname(), since: new Date().toISOString() }),
    );
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, "agentcity.lock"), "utf8")).pid).toBe(process.pid);
    release();
  });
});
