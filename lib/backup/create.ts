import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Config } from "@/lib/config";
import { type Database, openDatabase } from "@/lib/db/client";
import { DataDirLockedError } from "@/lib/db/lock";
import type { CheckedFileStore } from "@/lib/storage/store";
import {
  buildManifest,
  DATABASE_PART,
  FILES_PREFIX,
  MANIFEST,
  type Manifest,
  SECRET_PARTS,
  type SecretPart,
} from "./manifest";
import { pgDump } from "./pg-tools";
import { databaseSchemaVersion, type SchemaVersion } from "./schema-version";
import { requestSnapshot, SnapshotUnavailable } from "./snapshot-socket";
import { TarWriter } from "./tar";

export type BackupOptions = {
  cfg: Pick<Config, "DATA_DIR" | "DATABASE_URL" | "FILE_STORE" | "SESSION_SECRET" | "CHANNEL_SECRET_KEY">;
  store: CheckedFileStore;
  /** the backup file to write; it appears under this name only once complete */
  out: string;
  /** the database this process already has open (the worker's scheduled backup) */
  database?: Database;
};

export type BackupResult = { file: string; bytes: number; manifest: Manifest };

/**
 * One backup file: the database, then every object of the file store, then the manifest. Written under
 * a temporary name and renamed when whole, so a backup that failed halfway never looks like one.
 * The database comes first: a document's file is stored before its row, so every row in the copy finds
 * its file among the objects read after it.
 */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  await mkdir(path.dirname(opts.out), { recursive: true });
  const partial = `${opts.out}.partial`;
  const out = createWriteStream(partial, { mode: 0o600 });
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  failed.catch(() => {});
  const tar = new TarWriter(out);
  try {
    const schema = await Promise.race([writeDatabase(tar, opts), failed]);
    for (const part of Object.keys(SECRET_PARTS) as SecretPart[]) {
      const secret = generatedSecret(opts.cfg, part);
      if (secret) await tar.add(part, secret.byteLength, secret);
    }
    for await (const key of opts.store.list()) {
      const bytes = await opts.store.get(key);
      // Deleted since it was listed: its row is gone too, or goes with the next backup.
      if (bytes === null) continue;
      await Promise.race([tar.add(`${FILES_PREFIX}${key}`, bytes.byteLength, bytes), failed]);
    }
    const manifest = buildManifest({
      kind: opts.cfg.DATABASE_URL ? "postgres" : "pglite",
      schema,
      storeKind: opts.store.kind,
      parts: [...tar.parts],
    });
    await tar.add(
      MANIFEST,
      Buffer.byteLength(JSON.stringify(manifest)),
      Buffer.from(JSON.stringify(manifest)),
    );
    await Promise.race([tar.finish(), failed]);
    await rename(partial, opts.out);
    return { file: opts.out, bytes: (await stat(opts.out)).size, manifest };
  } catch (err) {
    out.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * A secret the server generated for itself (lib/config.ts), when it is the one in use: visitors' cookies
 * and the chat challenge are signed with the session secret, channels' tokens encrypted with the channel
 * key, so a restored server must have them back or every visitor starts over and every channel is lost.
 */
function generatedSecret(cfg: BackupOptions["cfg"], part: SecretPart): Buffer | null {
  const { file, setting } = SECRET_PARTS[part];
  try {
    const bytes = readFileSync(path.join(cfg.DATA_DIR, file));
    return bytes.toString("utf8").trim() === cfg[setting] ? bytes : null;
  } catch {
    return null;
  }
}

async function writeDatabase(tar: TarWriter, opts: BackupOptions): Promise<SchemaVersion> {
  const url = opts.cfg.DATABASE_URL;
  if (url) return writePostgres(tar, url, opts.database);
  if (opts.database?.pglite) {
    const schema = await databaseSchemaVersion(opts.database.db);
    const bytes = await opts.database.pglite.dumpDataDir();
    await tar.add(DATABASE_PART.pglite, bytes.byteLength, bytes);
    return schema;
  }
  let database: Database;
  try {
    // No server running: this process opens the folder itself (and holds it meanwhile).
    database = await openDatabase({ dataDir: opts.cfg.DATA_DIR });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // The server holds it: it takes the copy for us.
    try {
      const snapshot = await requestSnapshot(opts.cfg.DATA_DIR);
      await tar.add(DATABASE_PART.pglite, snapshot.size, snapshot.body);
      return snapshot.schema;
    } catch (cause) {
      if (!(cause instanceof SnapshotUnavailable)) throw cause;
      throw new Error(
        `The server (pid ${err.ownerPid}) holds ${opts.cfg.DATA_DIR} and did not give a snapshot: ${cause.message}. ` +
          "Restart it with this version of AgentCity, or stop it and run the backup again.",
      );
    }
  }
  try {
    const schema = await databaseSchemaVersion(database.db);
    const bytes = await database.pglite!.dumpDataDir();
    await tar.add(DATABASE_PART.pglite, bytes.byteLength, bytes);
    return schema;
  } finally {
    await database.close();
  }
}

/** pg_dump into a temporary file (its size must be known before it goes into the backup), then copied in. */
async function writePostgres(tar: TarWriter, url: string, open?: Database): Promise<SchemaVersion> {
  const database = open ?? (await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 1 }));
  const dir = await mkdtemp(path.join(tmpdir(), "agentcity-backup-"));
  try {
    // Read before the dump: a migration landing in between only makes the copy newer, which restore's
    // migrate step takes in its stride, never older than it claims.
    const schema = await databaseSchemaVersion(database.db);
    const file = path.join(dir, "database.dump");
    await pgDump(url, file);
    await tar.add(DATABASE_PART.postgres, (await stat(file)).size, createReadStream(file));
    return schema;
  } finally {
    await rm(dir, { recursive: true, force: true });
    if (!open) await database.close();
  }
}
