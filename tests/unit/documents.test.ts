import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { agents, users } from "@/lib/db/schema";
import {
  deleteDocument,
  documentOf,
  hashesKnown,
  insertDocument,
  listDocuments,
  markCompleted,
  markFailed,
  markProcessing,
  toListItem,
} from "@/lib/ingest/documents";
import en from "@/messages/en.json";
import { unitDatabase } from "../helpers/unit-db";

const database = unitDatabase();

async function newAgent(): Promise<string> {
  const db = database().db;
  const [user] = await db.insert(users).values({ firstName: "T", membershipId: randomUUID() }).returning();
  const [agent] = await db
    .insert(agents)
    .values({ ownerId: user!.id, publicId: `agent_${randomUUID().slice(0, 12)}`, name: "Test" })
    .returning();
  return agent!.id;
}

describe("documents", () => {
  it("refuses the same content twice in one agent, but not in another", async () => {
    const db = database().db;
    const [a, b] = [await newAgent(), await newAgent()];
    const first = await insertDocument(db, {
      agentId: a,
      type: "txt",
      name: "a.txt",
      size: 3,
      contentHash: "h1",
    });
    expect(first?.status).toBe("processing");
    expect(
      await insertDocument(db, { agentId: a, type: "txt", name: "copy.txt", size: 3, contentHash: "h1" }),
    ).toBeNull();
    expect(
      await insertDocument(db, { agentId: b, type: "txt", name: "a.txt", size: 3, contentHash: "h1" }),
    ).not.toBeNull();
    // Concurrent uploads of one file: exactly one row.
    const racers = await Promise.all(
      [1, 2, 3].map(() =>
        insertDocument(db, { agentId: a, type: "md", name: "r.md", size: 1, contentHash: "h2" }),
      ),
    );
    expect(racers.filter(Boolean)).toHaveLength(1);
    expect(await hashesKnown(db, a, ["h1", "h2", "h3"])).toEqual(new Set(["h1", "h2"]));
  });

  it("pages newest first, and keeps each agent's documents its own", async () => {
    const db = database().db;
    const [a, b] = [await newAgent(), await newAgent()];
    for (let i = 0; i < 25; i++) {
      await insertDocument(db, { agentId: a, type: "text", name: `n${i}`, size: i, contentHash: `x${i}` });
    }
    const one = await listDocuments(db, a, 1);
    const two = await listDocuments(db, a, 2);
    expect(one.totalPages).toBe(2);
    expect(one.items).toHaveLength(20);
    expect(two.items).toHaveLength(5);
    const ids = new Set([...one.items, ...two.items].map((d) => d.id));
    expect(ids.size).toBe(25);
    expect((await listDocuments(db, b, 1)).items).toEqual([]);
    expect(await documentOf(db, b, one.items[0]!.id)).toBeNull();
    expect(await deleteDocument(db, b, one.items[0]!.id)).toBeNull();
    expect((await deleteDocument(db, a, one.items[0]!.id))?.id).toBe(one.items[0]!.id);
  });

  it("moves through processing, failed with a reason, and completed with its character count", async () => {
    const db = database().db;
    const a = await newAgent();
    const doc = (await insertDocument(db, {
      agentId: a,
      type: "pdf",
      name: "scan.pdf",
      size: 10,
      contentHash: "p",
    }))!;
    await markFailed(db, doc.id, "ingest_pdf_no_text", "no text layer on 3 pages");
    let row = (await documentOf(db, a, doc.id))!;
    expect([row.status, row.error, row.errorDetail]).toEqual([
      "failed",
      "ingest_pdf_no_text",
      "no text layer on 3 pages",
    ]);
    expect(toListItem(row, "en").error).toBe(en.errors.ingest_pdf_no_text);
    await markProcessing(db, doc.id);
    row = (await documentOf(db, a, doc.id))!;
    expect([row.status, row.error, row.attempts]).toEqual(["processing", null, 1]);
    await markCompleted(db, doc.id, 1234);
    row = (await documentOf(db, a, doc.id))!;
    expect([row.status, row.characters, row.completedAt !== null]).toEqual(["completed", 1234, true]);
    const item = toListItem(row, "vi");
    expect(Object.keys(item).sort()).toEqual(
      [
        ...["characters", "error", "id", "inserted_at", "name", "pages", "size", "status", "type"],
        // A website's re-crawl fields are in every document's shape, empty for files and texts.
        ...["recrawl", "last_crawled_at", "next_crawl_at", "crawling", "last_crawl"],
      ].sort(),
    );
    expect([item.recrawl, item.last_crawled_at, item.next_crawl_at, item.crawling, item.last_crawl]).toEqual([
      null,
      null,
      null,
      false,
      null,
    ]);
  });
});
