import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

/** A migrated PGlite database in a temporary folder, shared by one test file. */
export function unitDatabase(): () => Database {
  let database: Database | undefined;
  let dir = "";
  // Opening and migrating PGlite takes seconds alone and over a minute on a shared, loaded machine.
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "agentcity-unitdb-"));
    database = await openDatabase({ dataDir: dir });
    await migrate(database);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!database) throw new Error("database not open yet");
    return database;
  };
}
