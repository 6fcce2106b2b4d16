import { createHash } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_PART, type DatabaseKind, MANIFEST, type Manifest } from "@/lib/backup/manifest";
import { restoreBackup, verifyBackup } from "@/lib/backup/restore";
import { codeSchemaVersion } from "@/lib/backup/schema-version";
import { BackupFileError, readTar, TarWriter } from "@/lib/backup/tar";
import { localStore } from "@/lib/storage/store";
import { tempDirs } from "../helpers/temp";

/**
 * A backup is checked whole before anything is restored: a cut, altered or foreign file, a backup newer
 * than this code or of the other kind of database is refused naming what is wrong, and the target (data
 * folder and file store) is left exactly as it was.
 */
const tempDir = tempDirs("backup-verify");

type Parts = { name: string; bytes: Uint8Array }[];

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function writeBackup(
  file: string,
  opts: { kind?: DatabaseKind; when?: number; parts?: Parts; manifest?: (m: Manifest) => unknown } = {},
) {
  const kind = opts.kind ?? "pglite";
  const code = codeSchemaVersion();
  const parts: Parts = opts.parts ?? [
    { name: DATABASE_PART[kind], bytes: new Uint8Array(3000).map((_, i) => i % 251) },
    { name: "files/agents/a1/d1", bytes: new TextEncoder().encode("Giá bánh mì: 25.000 đồng") },
    { name: "files/agents/a1/empty", bytes: new Uint8Array() },
  ];
  const tar = new TarWriter(createWriteStream(file));
  for (const p of parts) await tar.add(p.name, p.bytes.byteLength, p.bytes);
  const manifest: Manifest = {
    format: "agentcity-backup",
    formatVersion: 1,
    appVersion: "0.1.0",
    createdAt: new Date().toISOString(),
    database: { kind, schema: { ...code, when: opts.when ?? code.when } },
    fileStore: { kind: "local", objects: 2 },
    parts: parts.map((p) => ({ name: p.name, size: p.bytes.byteLength, sha256: sha(p.bytes) })),
  };
  const json = Buffer.from(JSON.stringify(opts.manifest ? opts.manifest(manifest) : manifest));
  await tar.add(MANIFEST, json.byteLength, json);
  await tar.finish();
}

/** A target (data folder with a file store in it) and proof that a refused restore left it untouched. */
function target(kind: DatabaseKind = "pglite") {
  const dataDir = path.join(tempDir(), "data");
  const store = localStore(path.join(dataDir, "files"));
  return {
    cfg: {
      DATA_DIR: dataDir,
      DATABASE_URL: kind === "postgres" ? "postgres://nobody@127.0.0.1:1/never" : undefined,
      SESSION_SECRET: "x".repeat(40),
      CHANNEL_SECRET_KEY: "y".repeat(40),
    },
    store,
    untouched: () => expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]),
  };
}

async function refused(file: string, message: RegExp, kind: DatabaseKind = "pglite") {
  const t = target(kind);
  const err = await restoreBackup({ cfg: t.cfg, store: t.store, file }).catch((e: Error) => e);
  expect(err).toBeInstanceOf(BackupFileError);
  expect((err as Error).message).toMatch(message);
  t.untouched();
}

describe("backup verification", () => {
  it("accepts a whole backup and reads its parts back byte for byte", async () => {
    const file = path.join(tempDir(), "ok.tar");
    await writeBackup(file);
    const manifest = await verifyBackup(file);
    expect(manifest.parts.map((p) => p.name)).toEqual([
      "database/pglite.tar",
      "files/agents/a1/d1",
      "files/agents/a1/empty",
    ]);
    const names: string[] = [];
    for await (const e of readTar((await import("node:fs")).createReadStream(file))) {
      const chunks: Buffer[] = [];
      for await (const c of e.body) chunks.push(c);
      if (e.name === "files/agents/a1/d1")
        expect(Buffer.concat(chunks).toString()).toBe("Giá bánh mì: 25.000 đồng");
      names.push(e.name);
    }
    expect(names.at(-1)).toBe(MANIFEST);
  });

  it("refuses a truncated file at every cut, before touching the target", async () => {
    const dir = tempDir();
    const whole = path.join(dir, "whole.tar");
    await writeBackup(whole);
    const size = readFileSync(whole).byteLength;
    // Inside the database part, inside a header, inside the manifest, and just before the end blocks.
    for (const cut of [1000, 3584 + 100, size - 1024 - 200, size - 512]) {
      const file = path.join(dir, `cut-${cut}.tar`);
      writeFileSync(file, readFileSync(whole));
      truncateSync(file, cut);
      await refused(file, /truncated/);
    }
    const empty = path.join(dir, "empty.tar");
    writeFileSync(empty, "");
    await refused(empty, /truncated/);
  });

  it("refuses a file with one flipped byte in a part, naming the part", async () => {
    const file = path.join(tempDir(), "flipped.tar");
    await writeBackup(file);
    const bytes = readFileSync(file);
    // The database part's data starts after its 512-byte header.
    bytes[512 + 1234]! ^= 0x01;
    writeFileSync(file, bytes);
    await refused(file, /part database\/pglite\.tar does not match its checksum/);
  });

  it("refuses a flipped byte in a header as a damaged header", async () => {
    const file = path.join(tempDir(), "header.tar");
    await writeBackup(file);
    const bytes = readFileSync(file);
    bytes[10]! ^= 0x20;
    writeFileSync(file, bytes);
    await refused(file, /header at byte 0 is damaged/);
  });

  it("refuses a part missing from the file, or one the manifest does not list", async () => {
    const dir = tempDir();
    const missing = path.join(dir, "missing.tar");
    await writeBackup(missing, {
      manifest: (m) => ({
        ...m,
        parts: [...m.parts, { name: "files/agents/a1/lost", size: 1, sha256: "0".repeat(64) }],
      }),
    });
    await refused(missing, /part files\/agents\/a1\/lost is missing/);
    const extra = path.join(dir, "extra.tar");
    await writeBackup(extra, { manifest: (m) => ({ ...m, parts: m.parts.slice(0, 2) }) });
    await refused(extra, /part files\/agents\/a1\/empty is not listed in the manifest/);
  });

  it("refuses a backup whose schema is newer than this code's migrations", async () => {
    const file = path.join(tempDir(), "newer.tar");
    await writeBackup(file, { when: codeSchemaVersion().when + 1 });
    await refused(file, /newer than this AgentCity's .*update AgentCity/);
  });

  it("refuses a backup of the other kind of database", async () => {
    const dir = tempDir();
    const pg = path.join(dir, "pg.tar");
    await writeBackup(pg, { kind: "postgres" });
    await refused(pg, /this backup is of Postgres .* configured for the embedded database/);
    const lite = path.join(dir, "lite.tar");
    await writeBackup(lite, { kind: "pglite" });
    await refused(lite, /this backup is of the embedded database .* configured for Postgres/, "postgres");
  });

  it("refuses what is not an AgentCity backup: another tar, a foreign manifest, a newer format", async () => {
    const dir = tempDir();
    const noManifest = path.join(dir, "plain.tar");
    const tar = new TarWriter(createWriteStream(noManifest));
    await tar.add("notes.txt", 2, new Uint8Array([104, 105]));
    await tar.finish();
    await refused(noManifest, /no manifest\.json/);
    const foreign = path.join(dir, "foreign.tar");
    await writeBackup(foreign, { manifest: () => ({ hello: "world" }) });
    await refused(foreign, /not an AgentCity backup manifest/);
    const future = path.join(dir, "future.tar");
    await writeBackup(future, { manifest: (m) => ({ ...m, formatVersion: 2 }) });
    await refused(future, /format version 2 is newer/);
    const text = path.join(dir, "text.tar");
    writeFileSync(text, "this is not a backup at all\n".repeat(100));
    await refused(text, /damaged/);
  });

  it("refuses parts that a backup never writes: a path out of the store, a stranger, an oversized file", async () => {
    const dir = tempDir();
    const db = { name: DATABASE_PART.pglite, bytes: new Uint8Array([1, 2, 3]) };
    const cases: [string, Parts, RegExp][] = [
      [
        "escape",
        [db, { name: "files/../../etc/cron.d/x", bytes: new Uint8Array([1]) }],
        /not a stored file's name/,
      ],
      [
        "absolute",
        [db, { name: "files//etc/passwd", bytes: new Uint8Array([1]) }],
        /not a stored file's name/,
      ],
      [
        "stranger",
        [db, { name: "scripts/postinstall.sh", bytes: new Uint8Array([1]) }],
        /not part of an AgentCity backup/,
      ],
      [
        "huge",
        [db, { name: "files/agents/a1/big", bytes: new Uint8Array(64 * 1024 * 1024 + 1) }],
        /more than any stored file/,
      ],
    ];
    for (const [name, parts, message] of cases) {
      const file = path.join(dir, `${name}.tar`);
      await writeBackup(file, { parts });
      await refused(file, message);
    }
  });

  it("refuses a backup with no database part", async () => {
    const file = path.join(tempDir(), "nodb.tar");
    await writeBackup(file, { parts: [{ name: "files/agents/a1/d1", bytes: new Uint8Array([1]) }] });
    await refused(file, /holds no database/);
  });
});
