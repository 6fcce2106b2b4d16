import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { EmbeddingError, openAiEmbedder } from "@/lib/retrieval/embedder";
import { foldForSearch } from "@/lib/retrieval/fold";
import { replacePassages } from "@/lib/retrieval/passages";
import { searchPassages } from "@/lib/retrieval/search";
import { embedMissing } from "@/lib/retrieval/vectors";
import {
  backendDatabase,
  backends,
  backendsWithPgvector,
  seedAgent,
  seedDocument,
} from "../helpers/retrieval-db";

/**
 * A tiny OpenAI-compatible embeddings server: bag of words hashed into 64 dimensions, with a few synonyms
 * sharing a bucket so that vectors find what words alone cannot ("automobile" → "car").
 */
const DIMS = 64;
const SYNONYMS: Record<string, string> = { automobile: "car", vehicle: "car", oto: "car", xe: "car" };
type Mode = "ok" | "fail" | "hang" | "short";
let mode: Mode = "ok";
const requests: { auth?: string; body: { model: string; input: string[]; dimensions?: number } }[] = [];

function hashVector(text: string): number[] {
  const v = new Array<number>(DIMS).fill(0);
  for (const raw of foldForSearch(text).split(" ").filter(Boolean)) {
    const word = SYNONYMS[raw] ?? raw;
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
    v[(h >>> 0) % DIMS]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

let server: Server;
let baseUrl = "";
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    requests.push({ auth: req.headers.authorization, body });
    if (req.url !== "/v1/embeddings" || req.method !== "POST") return void res.writeHead(404).end();
    if (mode === "hang") return; // never answers
    if (mode === "fail") return void res.writeHead(500).end("model is loading");
    const input: string[] = body.input;
    const data = input.map((t, index) => ({ object: "embedding", index, embedding: hashVector(t) }));
    // Answers out of order, as some servers do: the client must sort by index.
    const answer = mode === "short" ? data.slice(1) : data.reverse();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data: answer, model: body.model }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  mode = "ok";
  requests.length = 0;
});

const embedder = (extra: Partial<Parameters<typeof openAiEmbedder>[0]> = {}) =>
  openAiEmbedder({ baseUrl, model: "hash-64", apiKey: "sk-test", batchSize: 3, timeoutMs: 2_000, ...extra });

const CORPUS = [
  { heading: "Dịch vụ", content: "We offer car rental by the day, with a driver if you like." },
  { heading: "Giờ mở cửa", content: "Opening hours: 7am–9pm every day, including holidays." },
  { heading: "Thực đơn", content: "Phở bò, bún chả và cơm tấm được phục vụ cả ngày." },
  { heading: "Liên hệ", content: "Gọi cho chúng tôi theo số 0901 234 567 hoặc gửi thư." },
  { heading: "Bãi đỗ", content: "Parking is free for guests behind the building." },
];

async function embeddingRows(db: Db, agentId: string) {
  return (
    await db.execute<{ passage_id: string; model: string; dims: number }>(
      sql`select passage_id, model, vector_dims(embedding) as dims from passage_embeddings where agent_id = ${agentId}`,
    )
  ).rows;
}

describe("embedding client", () => {
  it("batches, sends the model, key and dimensions, and puts answers back in order", async () => {
    const vectors = await embedder({ dimensions: DIMS }).embed(["a b", "c", "d e f", "g", "h"]);
    expect(vectors).toHaveLength(5);
    expect(vectors[2]).toEqual(hashVector("d e f"));
    expect(requests.map((r) => r.body.input.length)).toEqual([3, 2]);
    expect(requests[0]).toMatchObject({
      auth: "Bearer sk-test",
      body: { model: "hash-64", dimensions: DIMS },
    });
  });

  it("refuses wrong answers and gives up after its timeout", async () => {
    await expect(embedder({ dimensions: 32 }).embed(["x"])).rejects.toThrow(/expected 32 dimensions/);
    mode = "short";
    await expect(embedder().embed(["x", "y"])).rejects.toThrow(EmbeddingError);
    mode = "fail";
    await expect(embedder().embed(["x"])).rejects.toThrow(/500: model is loading/);
    mode = "hang";
    const started = Date.now();
    await expect(embedder({ timeoutMs: 300 }).embed(["x"])).rejects.toThrow(EmbeddingError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

const pgvector = await backendsWithPgvector();
for (const backend of backends) {
  const has = pgvector.includes(backend);
  // Where this database has no pgvector the suite is reported skipped with the reason, not left out unseen.
  describe.skipIf(!has)(`vectors on ${backend} (pgvector${has ? "" : ": not run, not installed"})`, () => {
    const database = backendDatabase(backend);

    it("stores one vector per passage and finds by meaning what words cannot", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const documentId = await seedDocument(db, agentId);
      const result = await replacePassages(db, {
        agentId,
        documentId,
        passages: CORPUS,
        embedder: embedder(),
      });
      expect(result).toMatchObject({ count: 5, embedded: true });
      const rows = await embeddingRows(db, agentId);
      expect(rows).toHaveLength(5);
      expect(rows.every((r) => r.model === "hash-64" && Number(r.dims) === DIMS)).toBe(true);
      // Heading and content are embedded in their own letters, diacritics kept.
      expect(requests.flatMap((r) => r.body.input)).toContain(
        "Thực đơn\nPhở bò, bún chả và cơm tấm được phục vụ cả ngày.",
      );

      expect(await searchPassages(db, { agentId, query: "automobile", embedder: null })).toEqual([]);
      const hits = await searchPassages(db, { agentId, query: "automobile", embedder: embedder() });
      expect(hits[0]?.content).toContain("car rental");
      // Fusion keeps word matches on top when both lists agree.
      const hours = await searchPassages(db, { agentId, query: "opening hours", embedder: embedder() });
      expect(hours[0]?.heading).toBe("Giờ mở cửa");
      expect(hours[0]!.score).toBeGreaterThan(hours[1]!.score);
      const vi = await searchPassages(db, { agentId, query: "thuê xe hơi", embedder: embedder() });
      expect(vi[0]?.content).toContain("car rental");
    });

    it("keeps vectors with their passages: re-index replaces them, removing the document removes them", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const documentId = await seedDocument(db, agentId);
      await replacePassages(db, { agentId, documentId, passages: CORPUS, embedder: embedder() });
      await replacePassages(db, { agentId, documentId, passages: CORPUS.slice(0, 3), embedder: embedder() });
      expect(await embeddingRows(db, agentId)).toHaveLength(3);
      await db.delete(documents).where(eq(documents.id, documentId));
      expect(await embeddingRows(db, agentId)).toHaveLength(0);
    });

    it("never returns another agent's passages through vectors", async () => {
      const { db } = database();
      const a = await seedAgent(db);
      const b = await seedAgent(db);
      const docA = await seedDocument(db, a);
      const docB = await seedDocument(db, b);
      await replacePassages(db, {
        agentId: a,
        documentId: docA,
        passages: CORPUS.slice(1),
        embedder: embedder(),
      });
      await replacePassages(db, { agentId: b, documentId: docB, passages: CORPUS, embedder: embedder() });
      const hits = await searchPassages(db, {
        agentId: a,
        query: "automobile",
        embedder: embedder(),
        limit: 10,
      });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((h) => h.documentId === docA)).toBe(true);
      expect(hits.some((h) => h.content.includes("car rental"))).toBe(false);
    });

    it("indexes full text when the model is down, and embedMissing fills the vectors in later", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const documentId = await seedDocument(db, agentId);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      mode = "fail";
      const result = await replacePassages(db, {
        agentId,
        documentId,
        passages: CORPUS,
        embedder: embedder(),
      });
      expect(result).toMatchObject({ count: 5, embedded: false });
      expect(warn.mock.calls.flat().join("\n")).toMatch(/full text only/);
      expect(await embeddingRows(db, agentId)).toHaveLength(0);
      // Searching while the model is down still answers from full text.
      const hits = await searchPassages(db, { agentId, query: "opening hours", embedder: embedder() });
      expect(hits[0]?.heading).toBe("Giờ mở cửa");
      warn.mockRestore();

      mode = "ok";
      let total = 0;
      for (let n = await embedMissing(db, { embedder: embedder(), agentId, limit: 2 }); n > 0; ) {
        total += n;
        n = await embedMissing(db, { embedder: embedder(), agentId, limit: 2 });
      }
      expect(total).toBe(5);
      expect(await embeddingRows(db, agentId)).toHaveLength(5);
      expect(await embedMissing(db, { embedder: embedder(), agentId })).toBe(0);
      // A new model re-embeds everything; vectors of the old one are not searched with the new one.
      const other = embedder({ model: "hash-64-v2" });
      expect(await embedMissing(db, { embedder: other, agentId })).toBe(5);
      expect((await embeddingRows(db, agentId)).every((r) => r.model === "hash-64-v2")).toBe(true);
      const hits2 = await searchPassages(db, { agentId, query: "automobile", embedder: embedder() });
      expect(hits2).toEqual([]);
    });

    it("answers from full text when the model hangs at search time", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const documentId = await seedDocument(db, agentId);
      await replacePassages(db, { agentId, documentId, passages: CORPUS, embedder: embedder() });
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      mode = "hang";
      const started = Date.now();
      const hits = await searchPassages(db, {
        agentId,
        query: "parking",
        embedder: embedder({ timeoutMs: 300 }),
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(hits[0]?.heading).toBe("Bãi đỗ");
      warn.mockRestore();
    });
  });
}

// Without pgvector (Debian's Postgres; simulated on PGlite by dropping the table): one log line, no crash.
const degraded: [string, "pglite" | "postgres"][] = [
  ["PGlite without passage_embeddings", "pglite"],
  ...backends
    .filter((b) => b === "postgres")
    .map((b): [string, "postgres"] => [`${b} (TEST_DATABASE_URL)`, b]),
];
for (const [label, backend] of degraded) {
  describe(`no pgvector: ${label}`, () => {
    const database = backendDatabase(backend);

    it("indexes and searches full text and says so once", async () => {
      const { db } = database();
      await db.execute(sql`drop table if exists passage_embeddings`);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const agentId = await seedAgent(db);
      const documentId = await seedDocument(db, agentId);
      const result = await replacePassages(db, {
        agentId,
        documentId,
        passages: CORPUS,
        embedder: embedder(),
      });
      expect(result).toMatchObject({ count: 5, embedded: false });
      const hits = await searchPassages(db, { agentId, query: "giờ mở cửa", embedder: embedder() });
      await searchPassages(db, { agentId, query: "parking", embedder: embedder() });
      expect(hits[0]?.heading).toBe("Giờ mở cửa");
      expect(await embedMissing(db, { embedder: embedder() })).toBe(0);
      expect(requests).toHaveLength(0);
      const lines = warn.mock.calls.map((c) => String(c[0]));
      expect(lines.filter((l) => l.includes("pgvector"))).toHaveLength(1);
      expect(lines[0]).not.toContain("\n");
      warn.mockRestore();
    });
  });
}
