import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { plans } from "@/lib/billing/plan-limits";
import { documents } from "@/lib/db/schema";
import { planReason } from "@/lib/ingest/agent-limits";
import { ingest } from "@/lib/ingest/pipeline";
import type { FileStore } from "@/lib/storage/store";
import { seedAgent, seedDocument } from "../helpers/retrieval-seed";
import { unitDatabase } from "../helpers/unit-db";

/**
 * Which failures wait for pg-boss's retries and which fail the document at once. A passing error (here the
 * file store cannot be read) is thrown on to the job queue and leaves the document processing, until the
 * final attempt marks it failed; a bad or missing file fails it with its reason on the first attempt.
 */
const database = unitDatabase();

const store = (get: FileStore["get"]): FileStore => ({
  get,
  put: async () => {},
  delete: async () => {},
});
const unreadable = store(async () => {
  throw new Error("storage unavailable");
});

async function processingDocument(type: "txt" | "pdf" | "md" = "txt") {
  const { db } = database();
  const agentId = await seedAgent(db);
  const id = await seedDocument(db, agentId, `doc.${type}`);
  const [doc] = await db
    .update(documents)
    .set({ type, storageKey: `agents/${agentId}/${id}` })
    .where(eq(documents.id, id))
    .returning();
  return doc!;
}

async function statusOf(id: string) {
  const [row] = await database()
    .db.select({ status: documents.status, error: documents.error, detail: documents.errorDetail })
    .from(documents)
    .where(eq(documents.id, id));
  return row!;
}

describe("ingestion under pg-boss's retry policy", () => {
  it("throws a passing error on to the queue and keeps the document processing", async () => {
    const doc = await processingDocument();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(ingest(database().db, unreadable, doc, { final: false })).rejects.toThrow(
      "storage unavailable",
    );
    expect(warn.mock.calls.flat().join("\n")).toContain(`[ingest] document ${doc.id} will be tried again`);
    warn.mockRestore();
    expect(await statusOf(doc.id)).toMatchObject({ status: "processing", error: null });
  });

  it("fails the document with the error on the final attempt", async () => {
    const doc = await processingDocument();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await ingest(database().db, unreadable, doc, { final: true });
    expect(error.mock.calls.flat().join("\n")).toContain(`[ingest] document ${doc.id} failed unexpectedly`);
    error.mockRestore();
    expect(await statusOf(doc.id)).toEqual({
      status: "failed",
      error: "ingest_parse_failed",
      detail: "storage unavailable",
    });
  });

  it("fails a missing file at once, on the first attempt", async () => {
    const doc = await processingDocument();
    await ingest(
      database().db,
      store(async () => null),
      doc,
      { final: false },
    );
    expect(await statusOf(doc.id)).toMatchObject({ status: "failed", error: "ingest_file_missing" });
  });

  it("fails a file that cannot be read as its type at once, with the parser's reason", async () => {
    const doc = await processingDocument("pdf");
    await ingest(
      database().db,
      store(async () => new TextEncoder().encode("not a pdf at all")),
      doc,
      { final: false },
    );
    const row = await statusOf(doc.id);
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/^ingest_/);
    expect(row.error).not.toBe("ingest_parse_failed");
  });
});

describe("a document that loses the agent's room while it is parsed", () => {
  it("fails with the plan's characters limit, not as an empty file", async () => {
    const { db } = database();
    const doc = await processingDocument("md");
    const agentId = doc.agentId;
    // While this file is read, another document of the agent completes and leaves 5 characters of the
    // free plan's 2,000,000: fewer than this file's first heading takes.
    const other = await seedDocument(db, agentId, "other.txt");
    const markdown = "## Giờ mở cửa\nTiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày.";
    const racing = store(async () => {
      await db
        .update(documents)
        .set({ status: "completed", characters: plans.free.charactersPerAgent - 5 })
        .where(eq(documents.id, other));
      return new TextEncoder().encode(markdown);
    });
    await ingest(db, racing, doc, { final: false });
    expect(await statusOf(doc.id)).toMatchObject({
      status: "failed",
      error: planReason("limit_characters", plans.free, plans.free.charactersPerAgent),
    });
  });
});
