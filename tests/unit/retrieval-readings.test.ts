import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Embedder } from "@/lib/retrieval/embedder";
import { type ChatTurn, retrieve } from "@/lib/retrieval/retrieve";
import { type SearchHit, searchPassages, searchReadings } from "@/lib/retrieval/search";
import { forgetSearches } from "@/lib/retrieval/search-cache";
import { vectorsAvailable } from "@/lib/retrieval/vectors";
import { hashEmbedder } from "../helpers/hash-embedder";
import { recordQueries } from "../helpers/recording-db";
import {
  backendDatabase,
  backends,
  backendsWithPgvector,
  learnMarkdown,
  seedAgent,
} from "../helpers/retrieval-db";

/**
 * Issue 18: a question's readings (as typed, its follow-up reading, its expansion, the model's rewrites)
 * are searched together: one full-text statement for the visitor's own readings and one for the rewrites,
 * not one each. Together they must find, reading by reading, exactly what each finds alone.
 */
const ward = readFileSync(
  path.join(import.meta.dirname, "../fixtures/chat-quality/ward-office.vi.md"),
  "utf8",
);

/** Where lib/config keeps the configuration it read (deleted: read again from the environment). */
const CONFIG = Symbol.for("agentcity.config");

/** The statements that rank passages (passage_terms and passage_embeddings are other tables). */
const overPassages = (queries: { text: string }[]) => queries.filter((q) => /\bpassages\b/.test(q.text));
const overVectors = (queries: { text: string }[]) =>
  queries.filter((q) => q.text.includes("passage_embeddings"));

/** An embedder that counts its calls. */
function counted(embedder: Embedder): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    model: embedder.model,
    calls,
    embed(texts, opts) {
      calls.push(texts);
      return embedder.embed(texts, opts);
    },
  };
}

const READINGS = [
  "Đăng ký khai sinh cần những giấy tờ gì?",
  "dang ky khai sinh can giay to gi",
  "chung thuc ban sao le phi bao nhieu",
  // Typos, corrected against the agent's vocabulary within the same search.
  "giấy chứnng nhậnn kết hônn",
  "???",
  "Tạm trú cho người ở trọ",
  "Đăng ký khai sinh cần những giấy tờ gì?",
  "opening hours of the bakery",
];

const pgvector = await backendsWithPgvector();
for (const backend of backends) {
  const hasVectors = pgvector.includes(backend);
  describe(`a question's readings searched together on ${backend}`, () => {
    const database = backendDatabase(backend);
    let agentId = "";
    let withVectors = "";
    const embedder = hashEmbedder(48);
    beforeAll(async () => {
      const { db } = database();
      agentId = await seedAgent(db, "ward");
      await learnMarkdown(db, agentId, ward);
      withVectors = await seedAgent(db, "ward-vectors");
      await learnMarkdown(db, withVectors, ward, (await vectorsAvailable(db)) ? embedder : null);
    }, 60_000);

    it("finds for each reading exactly what it finds alone, in one statement over the passages", async () => {
      const { db } = database();
      const alone: SearchHit[][] = [];
      for (const query of READINGS)
        alone.push(await searchPassages(db, { agentId, query, embedder: null, limit: 8 }));
      // Not vacuous: most readings find passages, the punctuation and the bakery nothing.
      expect(alone.filter((hits) => hits.length > 0)).toHaveLength(6);
      expect(alone[3]!.map((h) => h.content).join(" ")).toContain("Giấy chứng nhận kết hôn");

      const { result, queries } = await recordQueries(() =>
        searchReadings(db, { agentId, queries: READINGS, embedder: null, limit: 8 }),
      );
      expect(result.complete).toBe(true);
      expect(result.lists).toEqual(alone);
      expect(overPassages(queries)).toHaveLength(1);
    });

    it("costs a question one statement for its own readings and one for the rewrites, none once remembered", async () => {
      const { db } = database();
      forgetSearches();
      const history: ChatTurn[] = [
        { role: "user", content: "Đăng ký khai sinh cần giấy tờ gì?" },
        { role: "assistant", content: "Tờ khai, giấy chứng sinh và căn cước." },
      ];
      const rewrites: string[][] = [];
      const ask = () =>
        retrieve(db, {
          agentId,
          question: "Còn nộp hồ sơ ở đâu?",
          history,
          embedder: null,
          rewrite: async () => {
            const out = ["nơi nộp hồ sơ đăng ký khai sinh", "where to register a birth"];
            rewrites.push(out);
            return out;
          },
        });
      const first = await recordQueries(ask);
      // As typed, its follow-up reading, its expansion ("ở đâu": address words), two rewrites.
      expect(first.result.queries).toHaveLength(5);
      expect(first.result.hits.length).toBeGreaterThan(0);
      expect(overPassages(first.queries)).toHaveLength(2);
      const again = await recordQueries(ask);
      expect(again.result).toEqual(first.result);
      expect(overPassages(again.queries)).toHaveLength(0);
      expect(rewrites).toHaveLength(2);
    });

    it("answers every reading when the memory holds fewer searches than the question has readings", async () => {
      const { db } = database();
      const ask = () =>
        retrieve(db, {
          agentId,
          question: "Còn nộp hồ sơ ở đâu?",
          history: [{ role: "user", content: "Đăng ký khai sinh cần giấy tờ gì?" }],
          embedder: null,
          rewrite: async () => ["nơi nộp hồ sơ đăng ký khai sinh", "where to register a birth"],
        });
      forgetSearches();
      const roomy = await ask();
      process.env.RETRIEVAL_CACHE_ENTRIES = "1";
      delete (globalThis as Record<symbol, unknown>)[CONFIG];
      try {
        forgetSearches();
        // Each reading's search is set in a memory of one: all but the last are let go at once.
        expect(await ask()).toEqual(roomy);
        expect(await ask()).toEqual(roomy);
      } finally {
        delete process.env.RETRIEVAL_CACHE_ENTRIES;
        delete (globalThis as Record<symbol, unknown>)[CONFIG];
      }
      expect(roomy.queries).toHaveLength(5);
    });

    it("without pgvector: the embedder is never asked and search is full text alone", async () => {
      const { db } = database();
      if (hasVectors) expect(await vectorsAvailable(db)).toBe(true);
      else {
        expect(await vectorsAvailable(db)).toBe(false);
        const model = counted(embedder);
        const { lists } = await searchReadings(db, {
          agentId: withVectors,
          queries: READINGS,
          embedder: model,
        });
        expect(lists).toHaveLength(READINGS.length);
        expect(model.calls).toEqual([]);
      }
    });

    it.skipIf(!hasVectors)(
      `with vectors: one model call and one vector statement per batch, each reading fused as it is alone${hasVectors ? "" : " (not run: no pgvector)"}`,
      async () => {
        const { db } = database();
        const alone: SearchHit[][] = [];
        for (const query of READINGS)
          alone.push(await searchPassages(db, { agentId: withVectors, query, embedder, limit: 8 }));
        const model = counted(embedder);
        const { result, queries } = await recordQueries(() =>
          searchReadings(db, { agentId: withVectors, queries: READINGS, embedder: model, limit: 8 }),
        );
        expect(result.lists).toEqual(alone);
        // The punctuation-only reading is never sent to the model; the others go in one call.
        expect(model.calls).toEqual([READINGS.filter((q) => q !== "???")]);
        expect(overVectors(queries)).toHaveLength(1);
        // The bakery question matches no word of the ward's: its passages are the vectors' alone, read with
        // every other reading's vector-only passages in one more statement.
        expect(result.lists.at(-1)!.length).toBeGreaterThan(0);
        expect(overPassages(queries)).toHaveLength(2);
      },
    );
  });
}
