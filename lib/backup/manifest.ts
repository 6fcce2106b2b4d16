import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { assertKey } from "@/lib/storage/key";
import type { SchemaVersion } from "./schema-version";
import { BackupFileError, type WrittenPart } from "./tar";

/**
 * manifest.json, the last part of every backup: what the file holds and the sha256 and size of each other
 * part. Last, because it describes parts already written; a file cut short therefore has none, which a
 * restore notices before it reads any part for real.
 */
export const MANIFEST = "manifest.json";
export const FORMAT = "agentcity-backup";
export const FORMAT_VERSION = 1;
/** the database part, by kind: PGlite's data folder as its own tar, or pg_dump's custom format */
export const DATABASE_PART = { pglite: "database/pglite.tar", postgres: "database/postgres.dump" } as const;
/**
 * The secrets the server generated under DATA_DIR, each under its file's name (none when set in the
 * environment): the session secret signs visitors' cookies, the channel key encrypts channels' tokens.
 */
export const SECRET_PARTS = {
  "config/session-secret": { file: "session-secret", setting: "SESSION_SECRET" },
  "config/channel-secret-key": { file: "channel-secret-key", setting: "CHANNEL_SECRET_KEY" },
} as const;
export type SecretPart = keyof typeof SECRET_PARTS;
export const isSecretPart = (name: string): name is SecretPart => Object.hasOwn(SECRET_PARTS, name);
/** file store objects go under this prefix, by their store key */
export const FILES_PREFIX = "files/";

export type DatabaseKind = keyof typeof DATABASE_PART;

/**
 * The largest stored file a restore takes: uploads are at most 1 MB, so anything far larger was not made by
 * a backup, and each file is put back whole, from memory.
 */
export const MAX_STORED_FILE = 64 * 1024 * 1024;

const part = z.object({
  name: z.string().min(1).max(300),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string().max(40),
  createdAt: z.string().max(40),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    schema: z.object({
      when: z.number().int().min(0),
      tag: z.string().max(200).nullable(),
      count: z.number().int(),
    }),
  }),
  fileStore: z.object({ kind: z.enum(["local", "s3"]), objects: z.number().int().min(0) }),
  parts: z.array(part).max(10_000_000),
});

export type Manifest = z.infer<typeof manifestSchema>;

export function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function buildManifest(input: {
  kind: DatabaseKind;
  schema: SchemaVersion;
  storeKind: "local" | "s3";
  parts: WrittenPart[];
}): Manifest {
  return {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    appVersion: appVersion(),
    createdAt: new Date().toISOString(),
    database: { kind: input.kind, schema: input.schema },
    fileStore: {
      kind: input.storeKind,
      objects: input.parts.filter((p) => p.name.startsWith(FILES_PREFIX)).length,
    },
    parts: input.parts,
  };
}

/** manifest.json's bytes, read by the verifying pass: anything but our manifest is a damaged file. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupFileError("manifest.json is not valid JSON: the file is damaged");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupFileError(
      `manifest.json is not an AgentCity backup manifest (${issue.path.join(".") || "root"}: ${issue.message})`,
    );
  }
  if (parsed.data.formatVersion > FORMAT_VERSION) {
    throw new BackupFileError(
      `the backup's format version ${parsed.data.formatVersion} is newer than this AgentCity reads (${FORMAT_VERSION}): update AgentCity first`,
    );
  }
  return parsed.data;
}

/**
 * Every part the file holds must be the manifest's, with its size and sha256, and none may be missing:
 * the result of reading the whole file once, before anything is restored.
 */
export function checkParts(manifest: Manifest, seen: WrittenPart[]): void {
  const expected = new Map(manifest.parts.map((p) => [p.name, p]));
  const found = new Set<string>();
  for (const p of seen) {
    const want = expected.get(p.name);
    if (!want)
      throw new BackupFileError(`part ${p.name} is not listed in the manifest: the file was altered`);
    if (found.has(p.name)) throw new BackupFileError(`part ${p.name} appears twice: the file was altered`);
    found.add(p.name);
    if (want.size !== p.size) {
      throw new BackupFileError(
        `part ${p.name} has ${p.size} bytes, the manifest says ${want.size}: the file is damaged`,
      );
    }
    if (want.sha256 !== p.sha256) {
      throw new BackupFileError(`part ${p.name} does not match its checksum (sha256): the file is damaged`);
    }
  }
  for (const name of expected.keys()) {
    if (!found.has(name)) throw new BackupFileError(`part ${name} is missing from the file`);
  }
  for (const p of seen) checkPartName(p);
  if (!found.has(DATABASE_PART[manifest.database.kind])) {
    throw new BackupFileError(`the backup holds no database (${DATABASE_PART[manifest.database.kind]})`);
  }
}

/** Only parts a backup writes: a stored file's name must be a store key (no path out of the store). */
function checkPartName(p: WrittenPart): void {
  if (isSecretPart(p.name) || (Object.values(DATABASE_PART) as string[]).includes(p.name)) return;
  if (!p.name.startsWith(FILES_PREFIX))
    throw new BackupFileError(`part ${p.name} is not part of an AgentCity backup`);
  try {
    assertKey(p.name.slice(FILES_PREFIX.length));
  } catch {
    throw new BackupFileError(`part ${p.name} is not a stored file's name: the file was altered`);
  }
  if (p.size > MAX_STORED_FILE) {
    throw new BackupFileError(
      `part ${p.name} is ${p.size} bytes, more than any stored file: the file was altered`,
    );
  }
}

/** A backup goes back onto the same kind of database, and never onto code older than its schema. */
export function checkTarget(manifest: Manifest, target: { kind: DatabaseKind; code: SchemaVersion }): void {
  if (manifest.database.kind !== target.kind) {
    const name = {
      pglite: "the embedded database (PGlite, no DATABASE_URL)",
      postgres: "Postgres (DATABASE_URL)",
    };
    throw new BackupFileError(
      `this backup is of ${name[manifest.database.kind]}, but this AgentCity is configured for ${name[target.kind]}: ` +
        "restore with the same kind of database, then move with npm run db:copy if needed",
    );
  }
  const schema = manifest.database.schema;
  if (schema.when > target.code.when) {
    throw new BackupFileError(
      `the backup's schema (${schema.tag ?? `migration of ${new Date(schema.when).toISOString()}`}, ${schema.count} migrations) ` +
        `is newer than this AgentCity's (${target.code.tag}, ${target.code.count} migrations): ` +
        `update AgentCity to version ${manifest.appVersion} or later, then restore`,
    );
  }
}
