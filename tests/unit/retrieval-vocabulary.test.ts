import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { documents } from "@/lib/db/schema";
import { deletePassages, replacePassages } from "@/lib/retrieval/passages";
import { searchPassages, searchReadings } from "@/lib/retrieval/search";
import { explainRecorded, recordQueries } from "../helpers/recording-db";
import { backendDatabase, backends, seedAgent, seedDocument } from "../helpers/retrieval-db";

/**
 * Each agent's vocabulary (passage_terms, kept by triggers on passages): how many passages hold each
 * word, which search reads instead of counting passages, and the words typos are corrected to.
 */
const p = (content: string) => ({ heading: null, content });

async function vocabulary(db: Db, agentId: string): Promise<Record<string, number>> {
  const rows = await db.execute<{ term: string; df: number }>(
    sql`select term, df from passage_terms where agent_id = ${agentId} order by term`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.term, Number(r.df)]));
}

for (const backend of backends) {
  describe(`an agent's vocabulary on ${backend}`, () => {
    const database = backendDatabase(backend);

    it("counts each word's passages and the passages, through re-indexing, deletion and other agents", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const other = await seedAgent(db);
      const doc = await seedDocument(db, agentId);
      await replacePassages(db, {
        agentId,
        documentId: doc,
        passages: [p("Phở bò ngon."), p("Phở gà, PHỞ cuốn."), p("Bún chả.")],
      });
      await replacePassages(db, {
        agentId: other,
        documentId: await seedDocument(db, other),
        passages: [p("Phở")],
      });
      // A word counts once per passage however often it appears in it; "" is the number of passages.
      expect(await vocabulary(db, agentId)).toEqual({
        "": 3,
        bo: 1,
        bun: 1,
        cha: 1,
        cuon: 1,
        ga: 1,
        ngon: 1,
        pho: 2,
      });

      // Re-indexing replaces the document's words.
      await replacePassages(db, { agentId, documentId: doc, passages: [p("Phở bò.")] });
      expect(await vocabulary(db, agentId)).toEqual({ "": 1, bo: 1, pho: 1 });

      // A second document adds; emptying the first, then deleting the second, takes theirs away.
      const second = await seedDocument(db, agentId, "second.txt");
      await replacePassages(db, { agentId, documentId: second, passages: [p("Bò kho."), p("Bò viên.")] });
      expect(await vocabulary(db, agentId)).toEqual({ "": 3, bo: 3, kho: 1, pho: 1, vien: 1 });
      await deletePassages(db, doc);
      expect(await vocabulary(db, agentId)).toEqual({ "": 2, bo: 2, kho: 1, vien: 1 });
      await db.delete(documents).where(eq(documents.id, second));
      expect(await vocabulary(db, agentId)).toEqual({});

      expect(await vocabulary(db, other)).toEqual({ "": 1, pho: 1 });
    });

    it("corrects a misspelt word to the agent's own and leaves short syllables and strangers alone", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      await replacePassages(db, {
        agentId,
        documentId: await seedDocument(db, agentId),
        passages: [p("Chi nhánh của Nguyễn Văn An ở Cần Thơ."), p("Gửi thư cho chúng tôi.")],
      });
      const trgm = (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
        )
      ).rows[0]!.n;
      const typo = await searchPassages(db, { agentId, query: "nguyn", embedder: null });
      if (trgm) expect(typo[0]?.content).toContain("Nguyễn Văn An");
      else expect(typo).toEqual([]);
      // "thuê" is a word of its own, not a typo of "thư".
      expect(await searchPassages(db, { agentId, query: "thuê", embedder: null })).toEqual([]);
      // Another agent's words are never a correction.
      const stranger = await seedAgent(db);
      expect(await searchPassages(db, { agentId: stranger, query: "nguyn", embedder: null })).toEqual([]);
    });

    it("finds the rare word's passages among thousands that share a common one, without reading every passage", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      // More passages with the common word than the search's first stage reads (CANDIDATE_ROWS, 500).
      const common = Array.from({ length: 4_500 }, (_, i) =>
        p(`Hồ sơ số ${i}: hồ bơi, hồ cá và hồ sen của khu ${i % 50}.`),
      );
      const rare = [p("Hồ Hoàn Kiếm có tháp Rùa ở giữa hồ."), p("Tháp Rùa được xây năm 1886.")];
      await replacePassages(db, {
        agentId,
        documentId: await seedDocument(db, agentId),
        passages: [...common, ...rare],
      });
      await db.execute(sql`analyze passages`);
      await db.execute(sql`analyze passage_terms`);

      const { result: hits, queries } = await recordQueries(() =>
        searchPassages(db, { agentId, query: "tháp rùa ở hồ", embedder: null }),
      );
      // A question's readings searched together (retrieve's one statement for them) read the same way.
      const together = await recordQueries(() =>
        searchReadings(db, {
          agentId,
          queries: ["tháp rùa ở hồ", "thap rua o ho", "hồ hoàn kiếm tháp rùa xây năm nào"],
          embedder: null,
        }),
      );
      expect(together.result.lists.map((list) => list.length > 0)).toEqual([true, true, true]);
      expect(together.queries.filter((q) => q.text.includes("union all"))).toHaveLength(1);
      queries.push(...together.queries);
      expect(
        hits
          .map((h) => h.content)
          .slice(0, 2)
          .sort(),
      ).toEqual(rare.map((r) => r.content).sort());

      // Every statement the search ran can reach passages through an index: with sequential scans made a
      // last resort, none is left (on a table this small the planner would rightly prefer one; a statement
      // that needs one, like a similarity over every passage, still shows it). The candidate lists' and
      // the ranking's statement are among them, not only the vocabulary's.
      let readsPassages = false;
      for (const query of queries) {
        const plan = await explainRecorded(database(), query);
        expect(plan).not.toMatch(/Seq Scan on passages\b/);
        // Nor every passage of the agent through its agent index, each matched against the question.
        expect(plan).not.toMatch(/Filter: \(search @@/);
        readsPassages ||= /on passages\b/.test(plan);
      }
      expect(readsPassages).toBe(true);
    });
  });
}
