import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keepNewest, scheduledName } from "@/lib/backup/schedule";
import { ConfigError, parseConfig } from "@/lib/config";
import { tempDirs } from "../helpers/temp";

const tempDir = tempDirs("backup-schedule");

describe("scheduled backups", () => {
  it("name backups so that sorting by name sorts by time", () => {
    const a = scheduledName(new Date("2026-09-30T23:59:59.999Z"));
    const b = scheduledName(new Date("2026-10-01T02:30:00.000Z"));
    expect(a).toBe("agentcity-20260930T235959Z.backup.tar");
    expect([b, a].sort()).toEqual([a, b]);
  });

  it("keep the newest BACKUP_KEEP and leave other files in the folder alone", async () => {
    const dir = tempDir();
    const names = Array.from({ length: 10 }, (_, i) =>
      scheduledName(new Date(Date.UTC(2026, 10, 1 + i, 2, 30))),
    );
    for (const n of [...names].reverse()) writeFileSync(path.join(dir, n), "x");
    writeFileSync(path.join(dir, "hand-made.backup.tar"), "mine");
    writeFileSync(path.join(dir, `${names[0]}.partial`), "unfinished");
    const removed = await keepNewest(dir, 7);
    expect(removed).toEqual(names.slice(0, 3));
    expect(readdirSync(dir).sort()).toEqual(
      [...names.slice(3), "hand-made.backup.tar", `${names[0]}.partial`].sort(),
    );
    expect(await keepNewest(dir, 7)).toEqual([]);
  });

  it("settings: BACKUP_CRON needs BACKUP_DIR, is a cron expression, and BACKUP_KEEP is bounded", () => {
    const base = { DATA_DIR: tempDir(), SESSION_SECRET: "s".repeat(40) };
    expect(parseConfig(base).BACKUP_KEEP).toBe(7);
    expect(() => parseConfig({ ...base, BACKUP_CRON: "30 2 * * *" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, BACKUP_CRON: "nightly", BACKUP_DIR: "./b" })).toThrow(
      /cron expression/,
    );
    expect(() => parseConfig({ ...base, BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
    const ok = parseConfig({ ...base, BACKUP_CRON: "30 2 * * *", BACKUP_DIR: "./b", BACKUP_KEEP: "3" });
    expect([ok.BACKUP_CRON, ok.BACKUP_DIR, ok.BACKUP_KEEP]).toEqual(["30 2 * * *", "./b", 3]);
  });
});
