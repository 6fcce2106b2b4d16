import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ownerApi, useChatServer, Visitor } from "../helpers/chat";
import { oidcEnv, signInWithOidc } from "../helpers/oidc-sign-in";
import { buyWithSandboxCard } from "../helpers/sandbox-purchase";
import { startTestServer, type TestServer } from "../helpers/server";
import { sqlAt } from "../helpers/sql";
import { MOCK_CHAT_MODELS } from "../peers/openai";
import { type S3Peer, startS3Peer } from "../peers/s3";

/**
 * Issue 48's proof that backups restore. A server of this file's own is filled over HTTP (an owner, an agent
 * with a snippet and an uploaded file, visitors' conversations, an API key, a sandbox purchase and its
 * invoice), backed up with `npm run backup` while it runs, stopped, and its data destroyed: the PGlite
 * folder deleted, or on Postgres the database dropped and created empty and the bucket (an S3 peer)
 * emptied. `npm run restore` in a fresh process puts it back; a new server on it has every table's rows
 * (counted and fingerprinted), every stored file (sha256), the same answer to the same question, the
 * visitor's conversation and the API key.
 */
const root = path.resolve(import.meta.dirname, "../..");
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let server: TestServer | undefined;
let peer: S3Peer | undefined;
const backupDir = path.join(
  tmpdir(),
  `agentcity-backup-test-${process.pid}-${randomBytes(4).toString("hex")}`,
);

afterAll(async () => {
  await server?.stop();
  await peer?.stop();
  rmSync(backupDir, { recursive: true, force: true });
});

/**
 * npm run backup / restore as an operator runs them: a process of their own with the server's settings.
 * Not spawnSync: the S3 peer answers from this process, whose event loop must keep running meanwhile.
 */
async function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), [`scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { status, output };
}

/** Every table of the app (public and drizzle's), each with its row count and a fingerprint of its rows. */
async function tables(base: string): Promise<Record<string, { rows: number; md5: string }>> {
  const names = await sqlAt<{ s: string; t: string }>(
    base,
    `select table_schema as s, table_name as t from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { s, t } of names) {
    const q = `"${s}"."${t}"`;
    const [row] = await sqlAt<{ n: number; h: string | null }>(
      base,
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${q} x`,
    );
    out[`${s}.${t}`] = { rows: Number(row!.n), md5: String(row!.h) };
  }
  return out;
}

/** Every stored original (local folder or bucket) with its sha256. */
async function storedFiles(dataDir: string): Promise<Record<string, string>> {
  const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
  const out: Record<string, string> = {};
  if (peer) {
    const store = peer.store();
    for await (const key of store.list()) out[key] = sha((await store.get(key))!);
    return out;
  }
  const dir = path.join(dataDir, "files");
  if (!existsSync(dir)) return out;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    out[path.relative(dir, file)] = sha(readFileSync(file));
  }
  return out;
}

/** Drops and creates the server's database by name (the helper made it; only its own names are touched). */
async function recreateDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  expect(name).toMatch(/^agentcity_test_\w+$/);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

const QUESTION = "Tiệm mở cửa lúc mấy giờ?";

describe("npm run backup, then npm run restore on a fresh process", () => {
  it("brings back every row, every file and the same answers", async () => {
    if (onPostgres) peer = await startS3Peer();
    const secret = randomBytes(32).toString("hex");
    const env: Record<string, string> = {
      ...oidcEnv(),
      SESSION_SECRET: secret,
      LLM_BASE_URL: `${inject("llmPeerOrigin")}/v1`,
      LLM_MODELS: MOCK_CHAT_MODELS.join(","),
      ...(peer?.env ?? {}),
    };
    server = await startTestServer({ env });
    const first = server;
    useChatServer(first.baseUrl);

    // Fill it: an owner, an agent, a snippet and an uploaded file, learned.
    const owner = await signInWithOidc(undefined, first.baseUrl);
    const created = await ownerApi<{ data: { id: string } }>(owner.access, "POST", "/api/v1/agent", {
      name: "Tiệm bánh Hoa Mai",
      kind: "business",
    });
    expect(created.status).toBe(201);
    const agentId = created.body.data.id;
    const snippet = await ownerApi(owner.access, "POST", "/api/v1/agent/document", {
      type: "text",
      title: "Giờ mở cửa",
      content: "Tiệm bánh Hoa Mai mở cửa từ 6 giờ sáng đến 9 giờ tối mỗi ngày, kể cả chủ nhật.",
    });
    expect(snippet.status).toBe(200);
    const form = new FormData();
    const price = "# Bảng giá\n\nBánh mì thịt: 25.000 đồng. Bánh bông lan trứng muối: 45.000 đồng một hộp.\n";
    form.append("files", new Blob([price]), "bang-gia.md");
    const upload = await fetch(`${first.baseUrl}/api/v1/agent/document`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.access}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await ownerApi<{ data: { status: string }[] }>(owner.access, "GET", "/api/v1/agent/documents")
          ).body.data.map((d) => d.status),
        { timeout: 60_000, interval: 250 },
      )
      .toEqual(["completed", "completed"]);

    // Conversations on the public chat, an API key, a purchase with its invoice.
    const visitor = new Visitor();
    const asked = await visitor.ask(agentId, QUESTION);
    expect(asked.status).toBe(200);
    const answer = asked.body.data!.message.content;
    expect(answer.length).toBeGreaterThan(0);
    const conversationId = asked.body.data!.conversation_id;
    expect((await new Visitor().ask(agentId, "Bánh mì thịt giá bao nhiêu?")).status).toBe(200);
    const key = await ownerApi<{ data: { key: string } }>(owner.access, "POST", "/api/v1/agent/api-keys", {
      name: "Kế toán",
    });
    expect(key.status).toBe(201);
    await buyWithSandboxCard(owner, {}, first.baseUrl);
    const [invoices] = await sqlAt<{ n: number }>(first.baseUrl, "select count(*)::int as n from invoices");
    expect(Number(invoices!.n)).toBeGreaterThan(0);

    const before = await tables(first.baseUrl);
    const filesBefore = await storedFiles(first.dataDir);
    expect(Object.keys(filesBefore).length).toBeGreaterThanOrEqual(2);
    for (const t of ["public.documents", "public.conversations", "public.messages", "public.api_keys"]) {
      expect(before[t]?.rows, t).toBeGreaterThan(0);
    }

    // The backup, taken while the server runs (on PGlite the server itself copies the folder it owns).
    const file = path.join(backupDir, "agentcity.backup.tar");
    const cliEnv = {
      ...env,
      DATA_DIR: first.dataDir,
      ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}),
    };
    const backup = await cli("backup", ["--out", file], cliEnv);
    expect(backup.output).toMatch(/Backup written/);
    expect(backup.status).toBe(0);
    // The figures for the record: size and time, as the operator reads them.
    console.info(`[backup-restore] ${backup.output.trim()}`);
    expect(statSync(file).mode & 0o077).toBe(0);
    // The server kept running throughout, and nothing changed in it.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    expect(await tables(first.baseUrl)).toEqual(before);

    // A restore refuses while the server holds the embedded database, before touching it.
    if (!onPostgres) {
      const busy = await cli("restore", [file], cliEnv);
      expect(busy.status).toBe(1);
      expect(busy.output).toMatch(/in use by another AgentCity process.*stop the server first/s);
    }

    // The disk dies.
    await first.terminate();
    if (first.databaseUrl) {
      await recreateDatabase(first.databaseUrl);
      const store = peer!.store();
      for await (const k of store.list()) await store.delete(k);
    }
    rmSync(first.dataDir, { recursive: true, force: true });
    expect(await storedFiles(first.dataDir)).toEqual({});

    const restored = await cli("restore", [file], cliEnv);
    expect(restored.output).toMatch(/Restored the backup/);
    expect(restored.status).toBe(0);
    // A second restore onto what is now there refuses without --force, naming what it found.
    const again = await cli("restore", [file], cliEnv);
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/target is not empty.*--force/s);
    // With --force it replaces what is there (the database emptied first, the store's objects removed).
    const forced = await cli("restore", [file, "--force"], cliEnv);
    expect(forced.output).toMatch(/Restored the backup/);
    expect(forced.status).toBe(0);

    server = await startTestServer({
      env,
      reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    });
    const second = server;
    useChatServer(second.baseUrl);
    expect(await tables(second.baseUrl)).toEqual(before);
    expect(await storedFiles(second.dataDir)).toEqual(filesBefore);

    // The same question, the same answer; the visitor's conversation and the API key still work.
    const again1 = await new Visitor().ask(agentId, QUESTION);
    expect(again1.status).toBe(200);
    expect(again1.body.data!.message.content).toBe(answer);
    const history = await visitor.messages(conversationId);
    expect(history.status).toBe(200);
    expect(history.body.data!.map((m) => m.content)).toContain(answer);
    const byKey = await ownerApi<{ data: { id: string }[] }>(
      key.body.data.key,
      "GET",
      "/api/v1/agent/conversations",
    );
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.map((c) => c.id)).toContain(conversationId);
    // The two from before the backup, and the one just asked.
    expect(byKey.body.data).toHaveLength(3);
  }, 600_000);
});
