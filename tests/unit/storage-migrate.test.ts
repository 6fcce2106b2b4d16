import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrateFiles } from "@/lib/storage/migrate";
import { localStore } from "@/lib/storage/store";
import { tempDirs } from "../helpers/temp";
import { type S3Peer, startS3Peer } from "../peers/s3";

/**
 * npm run storage:migrate: the originals on this machine's disk go into the bucket, each whole; a second
 * run copies nothing, a run after an interruption copies only what is missing, and the operator sees
 * progress as it goes.
 */
const tempDir = tempDirs("store-migrate");
const repo = path.resolve(import.meta.dirname, "../..");
let peer: S3Peer;

beforeEach(async () => {
  peer = await startS3Peer();
});

afterEach(async () => {
  await peer?.stop();
});

/** What the progress output received. */
function collector(isTTY = false) {
  const out = { text: "", isTTY, write: (s: string) => (out.text += s) };
  return out;
}

const keys = Array.from({ length: 12 }, (_, i) => `agents/a${i % 3}/doc-${i}`);
const bytesOf = (i: number) => new Uint8Array(1000 + i * 100).map((_, j) => (i + j) % 256);

/** A DATA_DIR/files folder as the local store leaves it, with a crashed write's leftover and a stray file. */
async function localFiles(): Promise<string> {
  const root = tempDir();
  const store = localStore(root);
  for (const [i, key] of keys.entries()) await store.put(key, bytesOf(i));
  writeFileSync(path.join(root, "agents/a0/doc-0.0123456789ab.tmp"), "half a file");
  writeFileSync(path.join(root, "notes.txt"), "not an original");
  return root;
}

describe("storage:migrate", () => {
  it("copies every original into the bucket, byte for byte, and shows its progress", async () => {
    const root = await localFiles();
    const out = collector();
    const result = await migrateFiles(root, peer.store(), out);
    expect(result).toEqual({
      total: 12,
      copied: 12,
      skipped: 0,
      ignored: ["agents/a0/doc-0.0123456789ab.tmp", "notes.txt"],
    });
    const bucket = peer.store();
    for (const [i, key] of keys.entries()) {
      expect(Buffer.from((await bucket.get(key))!).equals(Buffer.from(bytesOf(i))), key).toBe(true);
    }
    expect(await bucket.get("agents/a0/doc-0.0123456789ab.tmp")).toBeNull();

    const lines = out.text.trimEnd().split("\n");
    expect(lines).toHaveLength(12);
    for (const line of lines)
      expect(line).toMatch(/^copied \d+\/12, already there 0 \[[#-]{20}\] agents\/a\d\/doc-\d+$/);
    expect(lines[0]).toMatch(/^copied 1\/12, already there 0 \[#{2}-{18}\]/);
    expect(lines.at(-1)).toMatch(/^copied 12\/12, already there 0 \[#{20}\]/);
  });

  it("copies nothing the second time", async () => {
    const root = await localFiles();
    await migrateFiles(root, peer.store(), collector());
    const before = peer.requests();
    const out = collector();
    const again = await migrateFiles(root, peer.store(), out);
    expect(again).toMatchObject({ total: 12, copied: 0, skipped: 12 });
    // One HeadObject per file and not a single PutObject.
    expect(peer.requests() - before).toBe(12);
    expect(out.text.trimEnd().split("\n").at(-1)).toMatch(/^copied 0\/12, already there 12 \[#{20}\]/);
  });

  it("resumes: copies what is missing or differs in size, skips what an earlier run copied", async () => {
    const root = await localFiles();
    const bucket = peer.store();
    for (const i of [0, 1, 2, 3, 4]) await bucket.put(keys[i]!, bytesOf(i));
    await bucket.put(keys[5]!, new Uint8Array([1, 2, 3]));
    const result = await migrateFiles(root, bucket, collector());
    expect(result).toMatchObject({ total: 12, copied: 7, skipped: 5 });
    expect(Buffer.from((await bucket.get(keys[5]!))!).equals(Buffer.from(bytesOf(5)))).toBe(true);
  });

  it("rewrites one line in place on a terminal, and ends it", async () => {
    const root = await localFiles();
    const out = collector(true);
    await migrateFiles(root, peer.store(), out);
    expect(out.text.split("\r\x1b[2K")).toHaveLength(13);
    expect(out.text.endsWith("\n")).toBe(true);
    expect(out.text.match(/\n/g)).toHaveLength(1);
  });

  it("has nothing to do where nothing was ever uploaded", async () => {
    const out = collector();
    expect(await migrateFiles(path.join(tempDir(), "files"), peer.store(), out)).toEqual({
      total: 0,
      copied: 0,
      skipped: 0,
      ignored: [],
    });
    expect(out.text).toBe("");
  });

  it("fails when the bucket cannot be reached, having copied nothing", async () => {
    const root = await localFiles();
    const dead = peer.store({ endpoint: "http://127.0.0.1:9", timeouts: { connectMs: 500 } });
    await expect(migrateFiles(root, dead, collector())).rejects.toThrow();
  });
});

describe("npm run storage:migrate", () => {
  // Not spawnSync: the S3 server runs in this process and must go on answering while the script works.
  const run = (env: Record<string, string>) =>
    new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/storage-migrate.ts"], {
        cwd: repo,
        env: { ...process.env, FILE_STORE: "", ...env },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (d) => {
        stderr += d;
      });
      child.on("close", (status) => resolve({ status, stderr }));
    });

  it("refuses with one line when FILE_STORE is not s3", async () => {
    const res = await run({ DATA_DIR: tempDir() });
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/set FILE_STORE=s3/);
  });

  it("copies DATA_DIR/files into the configured bucket", async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "files/agents/x1"), { recursive: true });
    writeFileSync(path.join(dataDir, "files/agents/x1/d1"), "one");
    writeFileSync(path.join(dataDir, "files/agents/x1/d2"), "two");
    const env = {
      DATA_DIR: dataDir,
      FILE_STORE: "s3",
      S3_ENDPOINT: peer.endpoint,
      S3_BUCKET: peer.bucket,
      S3_ACCESS_KEY_ID: peer.accessKeyId,
      S3_SECRET_ACCESS_KEY: peer.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    };
    const res = await run(env);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stderr).toContain("copied 2/2, already there 0");
    expect(res.stderr).toMatch(/Done: 2 copied, 0 already there, of 2 in .*files → bucket agentcity-files\./);
    expect(new TextDecoder().decode((await peer.store().get("agents/x1/d2"))!)).toBe("two");

    const again = await run(env);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/Done: 0 copied, 2 already there/);
  });
});
