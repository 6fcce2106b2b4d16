import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { metrics } from "@/lib/metrics/registry";
import { deletePassages } from "@/lib/retrieval/passages";
import { retrieve } from "@/lib/retrieval/retrieve";
import { corpusVersion, forgetSearches } from "@/lib/retrieval/search-cache";
import { backendDatabase, backends, learnMarkdown, seedAgent } from "../helpers/retrieval-db";

/**
 * Issue 18 (throughput): the same question on unchanged passages is answered from memory, and any change
 * to the agent's passages (a document learned, one removed) is seen by the very next question.
 */
const HOURS = "## Giờ mở cửa\nTiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày.";
const CAKES = "## Bánh sinh nhật\nĐặt bánh sinh nhật trước hai ngày, giao tận nơi trong nội thành.";

async function counts() {
  const values = (await metrics().retrievalCache.get()).values;
  const of = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
  return { hit: of("hit"), miss: of("miss") };
}

/** Statements the passages table has answered, from Postgres's own statistics (null on PGlite). */
async function passageScans(db: ReturnType<ReturnType<typeof backendDatabase>>["db"]) {
  const r = await db.execute<{ n: string | number }>(
    sql`select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as n from pg_stat_xact_user_tables where relname = 'passages'`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

for (const backend of backends) {
  describe(`remembered searches (${backend})`, () => {
    const database = backendDatabase(backend);
    beforeEach(() => forgetSearches());

    it("answers the same question twice with the same passages, the second time from memory", async () => {
      const { db } = database();
      const agent = await seedAgent(db, "cache");
      await learnMarkdown(db, agent, HOURS);
      const question = "Tiệm mở cửa lúc mấy giờ?";
      const before = await counts();
      const first = await retrieve(db, { agentId: agent, question, embedder: null });
      const afterFirst = await counts();
      const second = await retrieve(db, { agentId: agent, question, embedder: null });
      const afterSecond = await counts();

      expect(first.answerable).toBe(true);
      expect(second.hits.map((h) => h.content)).toEqual(first.hits.map((h) => h.content));
      expect(second.answerable).toBe(true);
      expect(afterFirst.miss - before.miss).toBeGreaterThan(0);
      expect(afterFirst.hit - before.hit).toBe(0);
      // Every search of the second asking came from memory.
      expect(afterSecond.miss - afterFirst.miss).toBe(0);
      expect(afterSecond.hit - afterFirst.hit).toBe(afterFirst.miss - before.miss);
    });

    it("sees a document learned or removed at the next question", async () => {
      const { db } = database();
      const agent = await seedAgent(db, "cache-change");
      await learnMarkdown(db, agent, HOURS);
      const question = "Đặt bánh sinh nhật được không?";
      const v1 = await corpusVersion(db, agent);
      const none = await retrieve(db, { agentId: agent, question, embedder: null });
      expect(none.hits.some((h) => h.content.includes("sinh nhật"))).toBe(false);

      const cakes = await learnMarkdown(db, agent, CAKES);
      const v2 = await corpusVersion(db, agent);
      expect(v2).not.toBe(v1);
      const found = await retrieve(db, { agentId: agent, question, embedder: null });
      expect(found.hits[0]?.content).toContain("sinh nhật");
      expect(found.answerable).toBe(true);

      await deletePassages(db, cakes);
      const v3 = await corpusVersion(db, agent);
      expect(v3).not.toBe(v2);
      const gone = await retrieve(db, { agentId: agent, question, embedder: null });
      expect(gone.hits.some((h) => h.content.includes("sinh nhật"))).toBe(false);
    });

    it("never reuses a stamp, even after every passage went and the same text came back", async () => {
      const { db } = database();
      const agent = await seedAgent(db, "cache-empty");
      const doc = await learnMarkdown(db, agent, HOURS);
      const seen = [await corpusVersion(db, agent)];
      await deletePassages(db, doc);
      // No passages, no '' row: nothing is remembered for an empty agent.
      expect(await corpusVersion(db, agent)).toBeNull();
      await learnMarkdown(db, agent, HOURS);
      seen.push(await corpusVersion(db, agent));
      expect(seen.every((v) => typeof v === "number")).toBe(true);
      expect(new Set(seen).size).toBe(2);
    });

    if (backend === "postgres") {
      it("runs no statement over the passages for a remembered search", async () => {
        const { db } = database();
        const agent = await seedAgent(db, "cache-sql");
        await learnMarkdown(db, agent, HOURS);
        const question = "Tiệm mở cửa lúc mấy giờ?";
        // In one transaction, whose own statistics count every scan of the passages it made.
        const scans = await db.transaction(async (tx) => {
          const start = await passageScans(tx);
          await retrieve(tx, { agentId: agent, question, embedder: null });
          const cold = await passageScans(tx);
          await retrieve(tx, { agentId: agent, question, embedder: null });
          const warm = await passageScans(tx);
          return { cold: cold - start, warm: warm - cold };
        });
        expect(scans.cold).toBeGreaterThan(0);
        expect(scans.warm).toBe(0);
      });
    }
  });
}
