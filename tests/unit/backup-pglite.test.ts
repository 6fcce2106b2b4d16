import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it, vi } from "vitest";
import { restoreBackup, verifyBackup } from "@/lib/backup/restore";
import { backupQueue, scheduledName } from "@/lib/backup/schedule";
import { codeSchemaVersion, databaseSchemaVersion } from "@/lib/backup/schema-version";
import { config, parseConfig } from "@/lib/config";
import { drizzleOverThread, openDatabase } from "@/lib/db/client";
import { fileStore, localStore } from "@/lib/storage/store";
import { tempDirs } from "../helpers/temp";

/**
 * The scheduled backup on the embedded database, taken by the process that owns it (the server's worker),
 * of a database one migration behind this code; restored on a fresh folder it is migrated up, its stored
 * files and generated session secret come back, and the oldest scheduled backups beyond BACKUP_KEEP go.
 */
const tempDir = tempDirs("backup-pglite");
const root = tempDir();
const dataDir = path.join(root, "data");
const backupDir = path.join(root, "backups");
vi.stubEnv("DATA_DIR", dataDir);
vi.stubEnv("SESSION_SECRET", "");
vi.stubEnv("DATABASE_URL", "");
vi.stubEnv("FILE_STORE", "local");
delete (globalThis as Record<symbol, unknown>)[Symbol.for("agentcity.config")];

afterAll(() => {
  vi.unstubAllEnvs();
});

/** lib/db/migrations without its newest migration: the schema of the version before this one. */
function olderMigrations(): string {
  const folder = path.join(root, "older-migrations");
  cpSync(path.resolve("lib/db/migrations"), folder, { recursive: true });
  const file = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(file, "utf8")) as { entries: unknown[] };
  journal.entries.pop();
  writeFileSync(file, JSON.stringify(journal));
  return folder;
}

describe("a scheduled backup of the embedded database", () => {
  it("is taken in-process, rotated, and restores onto a fresh folder migrated to this code", async () => {
    const cfg = config();
    expect(cfg.DATA_DIR).toBe(dataDir);
    const database = await openDatabase({ dataDir });
    let file: string;
    try {
      await migratePglite(drizzleOverThread(database.pglite!), { migrationsFolder: olderMigrations() });
      const older = await databaseSchemaVersion(database.db);
      expect(older.count).toBe(codeSchemaVersion().count - 1);
      await fileStore().put("agents/a1/d1", new TextEncoder().encode("Giờ mở cửa: 6 giờ sáng"));
      // Two earlier scheduled backups, older than the one about to be taken.
      mkdirSync(backupDir, { recursive: true });
      const old = [new Date("2026-01-01T02:30:00Z"), new Date("2026-01-02T02:30:00Z")].map(scheduledName);
      for (const n of old) writeFileSync(path.join(backupDir, n), "old");

      const queue = backupQueue({ ...cfg, BACKUP_CRON: "30 2 * * *", BACKUP_DIR: backupDir, BACKUP_KEEP: 2 });
      const result = (await queue.handler(database, null, { retryCount: 0 })) as {
        file: string;
        removed: string[];
      };
      file = result.file;
      expect(result.removed).toEqual([old[0]]);
    } finally {
      await database.close();
    }

    const manifest = await verifyBackup(file);
    expect(manifest.database.kind).toBe("pglite");
    expect(manifest.database.schema.count).toBe(codeSchemaVersion().count - 1);
    expect(manifest.parts.map((p) => p.name)).toEqual([
      "database/pglite.tar",
      "config/session-secret",
      "config/channel-secret-key",
      "files/agents/a1/d1",
    ]);

    // A fresh machine: its own data folder, whose configuration generated a secret of its own.
    const fresh = path.join(tempDir(), "data");
    const freshCfg = parseConfig({ DATA_DIR: fresh });
    const lines: string[] = [];
    const report = await restoreBackup({
      cfg: freshCfg,
      store: localStore(path.join(fresh, "files")),
      file,
      progress: (l) => lines.push(l),
    });
    expect(report.migrated).toBe(true);
    expect(report.objects).toBe(1);
    expect(lines.join("\n")).toMatch(/migrations newer than the backup applied/);
    expect(readFileSync(path.join(fresh, "session-secret"), "utf8").trim()).toBe(cfg.SESSION_SECRET);
    // Channels' tokens stay readable: the key that encrypted them comes back with them.
    expect(readFileSync(path.join(fresh, "channel-secret-key"), "utf8").trim()).toBe(cfg.CHANNEL_SECRET_KEY);
    expect(readFileSync(path.join(fresh, "files/agents/a1/d1"), "utf8")).toBe("Giờ mở cửa: 6 giờ sáng");
    const restored = await openDatabase({ dataDir: fresh });
    try {
      expect(await databaseSchemaVersion(restored.db)).toEqual(codeSchemaVersion());
    } finally {
      await restored.close();
    }
  }, 120_000);
});
