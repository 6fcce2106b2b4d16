import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, drizzleOverThread, openDatabase } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

// A database made by the previous release (migrations up to 0021), with accounts, agents, a subscription
// and documents in it; then this release's migrations run over it, as a deploy does.
const MIGRATIONS = path.resolve("lib/db/migrations");
// By name, not number: migrations are renumbered when branches merge.
const WORKSPACES_TAG = /^\d+_workspaces$/;

let database: Database;
const dirs: string[] = [];

function migrationsUpTo(tag: RegExp): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agentcity-prev-migrations-"));
  dirs.push(dir);
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => tag.test(e.tag));
  if (at < 0) throw new Error(`no migration matches ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "agentcity-wsmig-"));
  dirs.push(dataDir);
  database = await openDatabase({ dataDir });
  const drizzle = drizzleOverThread(database.pglite!);
  await migratePglite(drizzle, { migrationsFolder: migrationsUpTo(WORKSPACES_TAG) });
  await database.db.execute(sql`
    INSERT INTO users (id, email, email_verified, first_name, last_name, membership_id) VALUES
      ('00000000-0000-4000-8000-000000000001', 'lan@example.com', true, 'Lan', 'Nguyễn', 'M1'),
      ('00000000-0000-4000-8000-000000000002', 'minh.tran@example.com', true, '', '', 'M2'),
      ('00000000-0000-4000-8000-000000000003', 'payer@example.com', true, '', '', 'M3'),
      ('00000000-0000-4000-8000-000000000004', 'idle@example.com', true, 'Idle', '', 'M4')`);
  await database.db.execute(sql`
    INSERT INTO agents (id, public_id, owner_id, name) VALUES
      ('00000000-0000-4000-8000-0000000000a1', 'agent_lan', '00000000-0000-4000-8000-000000000001', 'Lan'),
      ('00000000-0000-4000-8000-0000000000a2', 'agent_minh', '00000000-0000-4000-8000-000000000002', 'Minh')`);
  await database.db.execute(sql`
    INSERT INTO documents (id, agent_id, type, name, size) VALUES
      ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000a1', 'txt', 'a.txt', 3)`);
  await database.db.execute(sql`
    INSERT INTO subscriptions (owner_id, plan, cycle, currency, amount, status, provider) VALUES
      ('00000000-0000-4000-8000-000000000003', 'starter', 'monthly', 'VND', 100000, 'active', 'payos')`);
  // This release's migrations over it.
  await migratePglite(drizzle, { migrationsFolder: MIGRATIONS });
}, 180_000);

afterAll(async () => {
  await database?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the workspaces migration on a database of the previous release", () => {
  it("gives every owner of an agent or a subscription a workspace named after them, as owner", async () => {
    const found = await rows<{ email: string; name: string; role: string; members: number }>(sql`
      SELECT u.email, w.name, m.role,
        (SELECT count(*)::int FROM workspace_members x WHERE x.workspace_id = w.id) AS members
      FROM workspace_members m JOIN users u ON u.id = m.user_id JOIN workspaces w ON w.id = m.workspace_id
      ORDER BY u.email`);
    expect(found).toEqual([
      { email: "lan@example.com", name: "Lan Nguyễn", role: "owner", members: 1 },
      { email: "minh.tran@example.com", name: "minh.tran", role: "owner", members: 1 },
      { email: "payer@example.com", name: "payer", role: "owner", members: 1 },
    ]);
  });

  it("puts each agent in its owner's workspace and keeps every id and document", async () => {
    const found = await rows<{ id: string; public_id: string; owner: string; documents: number }>(sql`
      SELECT a.id, a.public_id, m.user_id AS owner,
        (SELECT count(*)::int FROM documents d WHERE d.agent_id = a.id) AS documents
      FROM agents a JOIN workspace_members m ON m.workspace_id = a.workspace_id AND m.role = 'owner'
      ORDER BY a.public_id`);
    expect(found).toEqual([
      {
        id: "00000000-0000-4000-8000-0000000000a1",
        public_id: "agent_lan",
        owner: "00000000-0000-4000-8000-000000000001",
        documents: 1,
      },
      {
        id: "00000000-0000-4000-8000-0000000000a2",
        public_id: "agent_minh",
        owner: "00000000-0000-4000-8000-000000000002",
        documents: 0,
      },
    ]);
  });

  it("gives an agent inserted the old way (owner only) its owner's workspace, making one if needed", async () => {
    await database.db.execute(sql`
      INSERT INTO agents (public_id, owner_id, name)
      VALUES ('agent_idle', '00000000-0000-4000-8000-000000000004', 'Idle')`);
    const [idle] = await rows<{ name: string; role: string }>(sql`
      SELECT w.name, m.role FROM agents a JOIN workspaces w ON w.id = a.workspace_id
      JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = a.owner_id
      WHERE a.public_id = 'agent_idle'`);
    expect(idle).toEqual({ name: "Idle", role: "owner" });
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM workspaces`);
    expect(count!.n).toBe(4);
  });

  it("refuses an agent row without any workspace", async () => {
    await expect(database.db.execute(sql`UPDATE agents SET workspace_id = NULL`)).rejects.toThrow();
  });

  it("lets a workspace hold a second agent of the same owner, in the owner's workspace", async () => {
    await database.db.execute(sql`
      INSERT INTO agents (public_id, owner_id, name)
      VALUES ('agent_lan_2', '00000000-0000-4000-8000-000000000001', 'Lan 2')`);
    const found = await rows<{ public_id: string; same: boolean }>(sql`
      SELECT a.public_id, a.workspace_id = (SELECT workspace_id FROM agents WHERE public_id = 'agent_lan') AS same
      FROM agents a WHERE a.owner_id = '00000000-0000-4000-8000-000000000001' ORDER BY a.public_id`);
    expect(found).toEqual([
      { public_id: "agent_lan", same: true },
      { public_id: "agent_lan_2", same: true },
    ]);
  });
});
