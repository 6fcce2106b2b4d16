import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { sql } from "drizzle-orm";
import type { Config } from "@/lib/config";
import { openDatabase } from "@/lib/db/client";
import { lockDataDir } from "@/lib/db/lock";
import { migrate } from "@/lib/db/migrate";
import { rowsOf } from "@/lib/db/rows";
import type { CheckedFileStore } from "@/lib/storage/store";
import {
  checkParts,
  checkTarget,
  DATABASE_PART,
  FILES_PREFIX,
  isSecretPart,
  MANIFEST,
  type Manifest,
  parseManifest,
  SECRET_PARTS,
  type SecretPart,
} from "./manifest";
import { assertPgTools, pgRestore } from "./pg-tools";
import { loadPgliteFolder } from "./pglite-load";
import { codeSchemaVersion } from "./schema-version";
import { BackupFileError, readTar, type WrittenPart } from "./tar";

/** The manifest is small; anything much bigger under its name is not ours. */
const MAX_MANIFEST = 256 * 1024 * 1024;

/**
 * Reads the whole file once, hashing every part, and checks it against its manifest: a truncated, altered
 * or foreign file fails here, naming what is wrong, before anything is restored.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupFileError(`no such file: ${file}`);
  const seen: WrittenPart[] = [];
  let manifestText: string | null = null;
  for await (const entry of readTar(createReadStream(file))) {
    if (manifestText !== null)
      throw new BackupFileError(`part ${entry.name} follows the manifest: the file was altered`);
    const hash = createHash("sha256");
    const kept: Buffer[] = [];
    let size = 0;
    const isManifest = entry.name === MANIFEST;
    if (isManifest && entry.size > MAX_MANIFEST)
      throw new BackupFileError("manifest.json is too large: not an AgentCity backup");
    for await (const chunk of entry.body) {
      size += chunk.length;
      if (isManifest) kept.push(Buffer.from(chunk));
      else hash.update(chunk);
    }
    if (isManifest) manifestText = Buffer.concat(kept).toString("utf8");
    else seen.push({ name: entry.name, size, sha256: hash.digest("hex") });
  }
  if (manifestText === null) {
    throw new BackupFileError("the file has no manifest.json: it is truncated or not an AgentCity backup");
  }
  const manifest = parseManifest(manifestText);
  checkParts(manifest, seen);
  return manifest;
}

export type RestoreOptions = {
  cfg: Pick<Config, "DATA_DIR" | "DATABASE_URL" | "SESSION_SECRET" | "CHANNEL_SECRET_KEY">;
  store: CheckedFileStore;
  file: string;
  /** replace a database or file store that already holds data */
  force?: boolean;
  progress?: (line: string) => void;
};

export type RestoreReport = { manifest: Manifest; objects: number; migrated: boolean };

export class RestoreRefused extends Error {}

/**
 * Puts a backup back: verify the whole file, check it fits this code and this target, then the database
 * (PGlite: its folder; Postgres: pg_restore in one transaction), the file store's objects, and last the
 * migrations an older backup lacks.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreReport> {
  const say = opts.progress ?? (() => {});
  const kind = opts.cfg.DATABASE_URL ? "postgres" : "pglite";
  say(`Checking ${opts.file}…`);
  const manifest = await verifyBackup(opts.file);
  checkTarget(manifest, { kind, code: codeSchemaVersion() });
  if (kind === "postgres") assertPgTools();
  // The embedded database's folder is held for the whole restore: no server may start on it meanwhile.
  const release = kind === "pglite" ? lockDataDir(opts.cfg.DATA_DIR) : () => {};
  try {
    await ensureEmptyTarget(opts, kind);
    say(`Restoring the backup of ${manifest.createdAt} (${manifest.parts.length} parts)…`);
    let objects = 0;
    for await (const entry of readTar(createReadStream(opts.file))) {
      if (entry.name === DATABASE_PART.pglite && kind === "pglite") {
        const chunks: Uint8Array<ArrayBuffer>[] = [];
        for await (const chunk of entry.body) chunks.push(new Uint8Array(chunk));
        await loadPgliteFolder(path.join(opts.cfg.DATA_DIR, "pglite"), new Blob(chunks));
        say("database restored");
      } else if (entry.name === DATABASE_PART.postgres && kind === "postgres") {
        await restorePostgres(opts.cfg.DATABASE_URL!, entry.body);
        say("database restored");
      } else if (isSecretPart(entry.name)) {
        await restoreSecret(opts, entry.name, entry.body, say);
      } else if (entry.name.startsWith(FILES_PREFIX)) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(Buffer.from(chunk));
        await opts.store.put(entry.name.slice(FILES_PREFIX.length), new Uint8Array(Buffer.concat(chunks)));
        objects++;
      }
    }
    say(`${objects} stored files restored`);
    const migrated = manifest.database.schema.when < codeSchemaVersion().when;
    if (kind === "postgres") {
      // The PGlite folder was migrated as it was loaded (pglite-load.ts).
      const database = await openDatabase({ databaseUrl: opts.cfg.DATABASE_URL, dataDir: "", poolSize: 1 });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
    }
    if (migrated) say("migrations newer than the backup applied");
    return { manifest, objects, migrated };
  } finally {
    release();
  }
}

/**
 * A generated secret goes back to DATA_DIR, unless this environment sets that setting itself (the file of
 * a generated one holds exactly the secret in use; a set one differs from it or is absent).
 */
async function restoreSecret(
  opts: RestoreOptions,
  part: SecretPart,
  body: AsyncIterable<Buffer>,
  say: (line: string) => void,
) {
  const { file: name, setting } = SECRET_PARTS[part];
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  const file = path.join(opts.cfg.DATA_DIR, name);
  const current = existsSync(file) ? readFileSync(file, "utf8").trim() : null;
  if (current !== opts.cfg[setting]) {
    say(`${setting} is set here: the backup's generated one is not used`);
    return;
  }
  await mkdir(opts.cfg.DATA_DIR, { recursive: true });
  await writeFile(file, Buffer.concat(chunks), { mode: 0o600 });
}

async function restorePostgres(url: string, body: AsyncIterable<Buffer>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "agentcity-restore-"));
  try {
    const file = path.join(dir, "database.dump");
    const out = createWriteStream(file, { mode: 0o600 });
    for await (const chunk of body) if (!out.write(chunk)) await once(out, "drain");
    out.end();
    await finished(out);
    await pgRestore(url, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Refuses a target that holds data, unless --force, which empties it first. */
async function ensureEmptyTarget(opts: RestoreOptions, kind: "pglite" | "postgres"): Promise<void> {
  const found: string[] = [];
  const folder = path.join(opts.cfg.DATA_DIR, "pglite");
  if (kind === "pglite") {
    if (existsSync(folder) && readdirSync(folder).length > 0) found.push(`a database in ${folder}`);
  } else {
    const tables = await postgresTables(opts.cfg.DATABASE_URL!);
    if (tables > 0) found.push(`${tables} tables in the database DATABASE_URL names`);
  }
  let storeHasObjects = false;
  for await (const _ of opts.store.list()) {
    storeHasObjects = true;
    break;
  }
  if (storeHasObjects) found.push(`files in the file store (${opts.store.kind})`);
  if (found.length === 0) return;
  if (!opts.force) {
    throw new RestoreRefused(
      `The target is not empty: ${found.join(" and ")}. Restoring replaces all of it; ` +
        "run again with --force to do so (take a backup of it first if it matters).",
    );
  }
  if (kind === "pglite") await rm(folder, { recursive: true, force: true });
  else await dropAll(opts.cfg.DATABASE_URL!);
  for await (const key of opts.store.list()) await opts.store.delete(key);
}

const USER_SCHEMAS = sql`n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'`;

async function postgresTables(url: string): Promise<number> {
  const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 1 });
  try {
    const rows = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMAS}`,
      ),
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

/** Every schema of the app (and the extensions inside them), then an empty public schema as initdb makes it. */
async function dropAll(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 1 });
  try {
    const schemas = rowsOf<{ name: string }>(
      await database.db.execute(sql`SELECT n.nspname AS name FROM pg_namespace n WHERE ${USER_SCHEMAS}`),
    );
    for (const { name } of schemas)
      await database.db.execute(sql`DROP SCHEMA ${sql.identifier(name)} CASCADE`);
    await database.db.execute(sql`CREATE SCHEMA public`);
  } finally {
    await database.close();
  }
}
