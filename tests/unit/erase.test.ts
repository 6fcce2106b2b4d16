import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { answeringAgent } from "@/lib/agents/answering-agent";
import { accountForIdentity } from "@/lib/auth/accounts";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { eraseAgentData } from "@/lib/erase/agent";
import { applyRetention, phoneDigits } from "@/lib/erase/conversations";
import { ApiError } from "@/lib/http/errors";
import { documentKey, localStore } from "@/lib/storage/store";
import { ensureOwnWorkspace } from "@/lib/workspaces/queries";
import { unitDatabase } from "../helpers/unit-db";

/**
 * Issue 48: erasing an agent removes every row that holds its data and every stored original, leaves other
 * agents' alone, and refuses (touching nothing) while documents are being learned; retention deletes only
 * conversations older than the workspace's setting.
 */

const database = unitDatabase();
const dir = mkdtempSync(path.join(tmpdir(), "agentcity-erase-files-"));
const store = localStore(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function owner(db: Db) {
  n++;
  const { user } = await accountForIdentity(db, {
    provider: "email",
    subject: `erase${n}@x.test`,
    email: `erase${n}@x.test`,
    emailVerified: true,
  });
  await ensureOwnWorkspace(db, user.id);
  const [agent] = rowsOf<{ id: string; workspace_id: string }>(
    await db.execute(
      sql`insert into agents (public_id, owner_id, name) values (${`ag_erase${n}`}, ${user.id}, 'Erase') returning id, workspace_id`,
    ),
  );
  return { userId: user.id, agentId: agent!.id, workspaceId: agent!.workspace_id, publicId: `ag_erase${n}` };
}

/** An agent with a bit of everything: two documents stored, passages, a taught answer, a chat, a channel, a key. */
async function filled(db: Db) {
  const o = await owner(db);
  for (const i of [1, 2]) {
    const [doc] = rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into documents (agent_id, type, name, status, content_hash) values (${o.agentId}, 'text', ${`Doc ${i}`}, 'completed', ${`h${n}-${i}`}) returning id`,
      ),
    );
    const key = documentKey(o.agentId, doc!.id);
    await store.put(key, new TextEncoder().encode(`content ${i}`));
    await db.execute(sql`update documents set storage_key = ${key} where id = ${doc!.id}`);
    await db.execute(
      sql`insert into passages (agent_id, document_id, ordinal, content, search_text) values (${o.agentId}, ${doc!.id}, 0, 'Phở bò', 'pho bo')`,
    );
  }
  await db.execute(
    sql`insert into taught_answers (agent_id, questions, answer) values (${o.agentId}, array['Giờ mở cửa?'], '7 giờ')`,
  );
  const [conv] = rowsOf<{ id: string }>(
    await db.execute(
      sql`insert into conversations (public_id, agent_id, channel, title) values (${`conv_e${n}`}, ${o.agentId}, 'public', 'Hi') returning id`,
    ),
  );
  await db.execute(
    sql`insert into messages (public_id, conversation_id, agent_id, role, content) values (${`msg_e${n}`}, ${conv!.id}, ${o.agentId}, 'user', 'Xin chào')`,
  );
  await db.execute(
    sql`insert into channels (public_id, agent_id, type, secrets) values (${`ch_e${n}`}, ${o.agentId}, 'telegram', 'sealed')`,
  );
  await db.execute(
    sql`insert into api_keys (public_id, agent_id, name, key_hash, last_four) values (${`key_e${n}`}, ${o.agentId}, 'k', ${`hash${n}`}, 'abcd')`,
  );
  return o;
}

const TABLES = [
  "documents",
  "passages",
  "passage_terms",
  "taught_answers",
  "conversations",
  "messages",
  "channels",
  "api_keys",
  "agents",
] as const;

async function counts(db: Db, agentId: string) {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const column = table === "agents" ? "id" : "agent_id";
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select count(*)::int as n from ${table} where ${column} = '${agentId}'`)),
    );
    out[table] = row!.n;
  }
  return out;
}

async function storedKeys(prefix: string) {
  const keys: string[] = [];
  for await (const key of store.list()) if (key.startsWith(prefix)) keys.push(key);
  return keys;
}

describe("eraseAgentData", () => {
  it("removes every row and stored file of the agent and nothing of another agent", async () => {
    const { db } = database();
    const a = await filled(db);
    const b = await filled(db);
    const before = await counts(db, a.agentId);
    expect(before).toMatchObject({ documents: 2, passages: 2, conversations: 1, messages: 1, agents: 1 });
    expect(before.passage_terms).toBeGreaterThan(0);
    expect(await storedKeys(`agents/${a.agentId}/`)).toHaveLength(2);
    const otherBefore = await counts(db, b.agentId);
    // The agent a public message is for is kept in memory a few seconds: erasing drops it at once.
    const { publicId } = a;
    expect((await answeringAgent(db, publicId))?.id).toBe(a.agentId);

    const erased = await eraseAgentData(db, a.agentId, { store });
    expect(erased).toEqual({
      documents: 2,
      files: 2,
      passages: 2,
      taught_answers: 1,
      conversations: 1,
      messages: 1,
      channels: 1,
      api_keys: 1,
    });
    expect(Object.values(await counts(db, a.agentId)).every((c) => c === 0)).toBe(true);
    expect(await storedKeys(`agents/${a.agentId}/`)).toEqual([]);
    expect(await answeringAgent(db, publicId)).toBeNull();
    expect(await counts(db, b.agentId)).toEqual(otherBefore);
    expect(await storedKeys(`agents/${b.agentId}/`)).toHaveLength(2);
    // Erasing again: nothing is there.
    expect(await eraseAgentData(db, a.agentId, { store })).toBeNull();
  });

  it("keeps the agent row, emptied of its widget settings, when asked to", async () => {
    const { db } = database();
    const a = await filled(db);
    await db.execute(
      sql`update agents set widget = '{"color":"#123456"}', allowed_domains = '["example.com"]', widget_secret = 's' where id = ${a.agentId}`,
    );
    await eraseAgentData(db, a.agentId, { store, keepAgent: true });
    const [row] = rowsOf<{ widget: object; allowed_domains: string[]; widget_secret: string | null }>(
      await db.execute(
        sql`select widget, allowed_domains, widget_secret from agents where id = ${a.agentId}`,
      ),
    );
    expect(row).toEqual({ widget: {}, allowed_domains: [], widget_secret: null });
    expect((await counts(db, a.agentId)).documents).toBe(0);
  });

  it("refuses while a document is being learned, touching nothing", async () => {
    const { db } = database();
    const a = await filled(db);
    await db.execute(
      sql`insert into documents (agent_id, type, name, status) values (${a.agentId}, 'text', 'Learning', 'processing')`,
    );
    const before = await counts(db, a.agentId);
    const err = await eraseAgentData(db, a.agentId, { store }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).detailKey).toBe("erase_while_learning");
    expect(await counts(db, a.agentId)).toEqual(before);
    expect(await storedKeys(`agents/${a.agentId}/`)).toHaveLength(2);
  });
});

describe("retention", () => {
  it("deletes conversations past their workspace's retention only", async () => {
    const { db } = database();
    const kept = await owner(db);
    const timed = await owner(db);
    await db.execute(sql`update workspaces set retention_days = 30 where id = ${timed.workspaceId}`);
    for (const o of [kept, timed]) {
      for (const [suffix, age] of [
        ["old", "40 days"],
        ["new", "10 days"],
      ] as const) {
        await db.execute(
          sql`insert into conversations (public_id, agent_id, channel, title, last_message_at) values (${`conv_r_${o.agentId}_${suffix}`}, ${o.agentId}, 'public', 't', now() - ${age}::interval)`,
        );
      }
    }
    expect(await applyRetention(db)).toBe(1);
    const left = rowsOf<{ public_id: string }>(
      await db.execute(
        sql`select public_id from conversations where agent_id in (${kept.agentId}, ${timed.agentId}) order by public_id`,
      ),
    );
    expect(left.map((r) => r.public_id).sort()).toEqual(
      [`conv_r_${kept.agentId}_new`, `conv_r_${kept.agentId}_old`, `conv_r_${timed.agentId}_new`].sort(),
    );
    expect(await applyRetention(db)).toBe(0);
  });

  it("reads phone numbers in national and international form alike", () => {
    expect(phoneDigits("+84 90 123 4567")).toBe("0901234567");
    expect(phoneDigits("090-123-4567")).toBe("0901234567");
    expect(phoneDigits("(090) 123.4567")).toBe("0901234567");
    expect(phoneDigits("call me")).toBeNull();
    expect(phoneDigits("12")).toBeNull();
  });
});
