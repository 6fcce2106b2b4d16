import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { CopyRefused, copyDatabase } from "@/lib/db/copy";
import { conversations, documents, messages } from "@/lib/db/schema";
import { retrieve } from "@/lib/retrieval/retrieve";
import { backendDatabase, backends, learnMarkdown, seedAgent, seedDocument } from "../helpers/retrieval-db";
import { unitDatabase } from "../helpers/unit-db";

/**
 * `npm run db:copy` (OPS-2): an embedded database with an agent, documents, passages and conversations is
 * copied into an empty database (Postgres with TEST_DATABASE_URL; another PGlite otherwise): the same row
 * counts, the same answers to the same question, identity columns carrying on after the copied values; an
 * unfinished ingestion or a target that is not empty is refused.
 */
const FIXTURES = path.join(import.meta.dirname, "../fixtures/chat-quality");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");

async function learn(db: Db, agentId: string, markdown: string) {
  const documentId = await learnMarkdown(db, agentId, markdown);
  await db.update(documents).set({ status: "completed" }).where(eq(documents.id, documentId));
  return documentId;
}

const source = unitDatabase();
let agentId = "";

beforeAll(async () => {
  const { db } = source();
  agentId = await seedAgent(db, "bakery");
  await learn(db, agentId, fixture("bakery.vi.md"));
  await learn(db, agentId, fixture("bakery.en.md"));
  const [conversation] = await db
    .insert(conversations)
    .values({
      publicId: `conv_${randomBytes(4).toString("hex")}`,
      agentId,
      channel: "public",
      title: "Giờ mở cửa",
    })
    .returning({ id: conversations.id });
  for (const [role, content] of [
    ["user", "Tiệm mở cửa lúc mấy giờ?"],
    ["assistant", "Tiệm mở cửa từ 6:30 sáng đến 21:00 [1]."],
  ] as const) {
    await db.insert(messages).values({
      publicId: `msg_${randomBytes(4).toString("hex")}`,
      conversationId: conversation!.id,
      agentId,
      role,
      content,
      sources:
        role === "assistant" ? [{ document_id: "d", title: "Giờ mở cửa", url: null, snippet: "6:30" }] : [],
    });
  }
}, 120_000);

const question = "Tiệm mở cửa lúc mấy giờ?";
const hitsOf = async (db: Db) =>
  (await retrieve(db, { agentId, question, embedder: null })).hits.map((h) => [
    h.passageId,
    h.documentId,
    h.content,
  ]);

describe.each(backends)("db:copy into an empty %s database", (kind) => {
  const target = backendDatabase(kind);

  it("copies every row, answers the same question with the same passages, and refuses a second copy", async () => {
    // backendDatabase migrated the target: what a fresh Postgres looks like after its first start.
    const progress: string[] = [];
    const report = await copyDatabase(source(), target(), (table, copied, total) => {
      if (copied === total) progress.push(table);
    });
    const rows = Object.fromEntries(report.map((r) => [r.table, r.rows]));
    expect(rows).toMatchObject({ agents: 1, users: 1, conversations: 1, messages: 2 });
    expect(rows.passages).toBeGreaterThan(5);
    expect(progress).toContain("passages");
    // Referenced before referencing: users, then agents, then documents, then passages.
    const order = report.map((r) => r.table);
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("agents"));
    expect(order.indexOf("agents")).toBeLessThan(order.indexOf("documents"));
    expect(order.indexOf("documents")).toBeLessThan(order.indexOf("passages"));

    const before = await hitsOf(source().db);
    expect(before.length).toBeGreaterThan(0);
    expect(await hitsOf(target().db)).toEqual(before);
    // The vocabulary is the target's own, from the passages copied into it: the same counts, not twice them.
    const vocabulary = async (db: Db) =>
      (await db.execute(sql`select term, df from passage_terms order by term`)).rows;
    const sourceTerms = await vocabulary(source().db);
    expect(sourceTerms.length).toBeGreaterThan(10);
    expect(await vocabulary(target().db)).toEqual(sourceTerms);
    expect(rows.passage_terms).toBe(sourceTerms.length);

    // The copied message's jsonb sources are the same value, not a string of it.
    const [copied] = await target()
      .db.select({ sources: messages.sources })
      .from(messages)
      .where(eq(messages.role, "assistant"));
    expect(copied!.sources).toEqual([{ document_id: "d", title: "Giờ mở cửa", url: null, snippet: "6:30" }]);

    // Identity columns carry on after the copied values: a new message comes after the copied ones.
    const [conversation] = await target().db.select().from(conversations);
    const [fresh] = await target()
      .db.insert(messages)
      .values({
        publicId: "msg_after_copy",
        conversationId: conversation!.id,
        agentId,
        role: "user",
        content: "?",
      })
      .returning({ seq: messages.seq });
    const seqs = (await source().db.select({ seq: messages.seq }).from(messages)).map((m) => m.seq);
    expect(fresh!.seq).toBeGreaterThan(Math.max(...seqs));

    await expect(copyDatabase(source(), target())).rejects.toThrow(CopyRefused);
  }, 120_000);
});

describe("db:copy refusals", () => {
  const target = unitDatabase();

  it("refuses while a document is still being learned, copying nothing", async () => {
    const pending = await seedDocument(source().db, agentId, "pending.txt");
    try {
      await expect(copyDatabase(source(), target())).rejects.toThrow(/still being learned/);
      const [agentsCopied] = (
        await target().pglite!.query<{ n: number }>("SELECT count(*)::int AS n FROM agents")
      ).rows;
      expect(agentsCopied!.n).toBe(0);
    } finally {
      await source().db.delete(documents).where(eq(documents.id, pending));
    }
  });
});
