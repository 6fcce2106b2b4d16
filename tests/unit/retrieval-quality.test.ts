import { beforeAll, describe, expect, it } from "vitest";
import { replacePassages } from "@/lib/retrieval/passages";
import { searchPassages } from "@/lib/retrieval/search";
import { corpus, PLANTED } from "../helpers/retrieval-corpus";
import { backendDatabase, backends, seedAgent, seedDocument } from "../helpers/retrieval-db";

// Ranking quality on 2,000 passages where the query words also occur scattered through random text.
for (const backend of backends) {
  describe(`ranking on a 2,000-passage corpus (${backend})`, () => {
    const database = backendDatabase(backend);
    let agentId = "";
    beforeAll(async () => {
      const { db } = database();
      agentId = await seedAgent(db);
      const list = corpus(2000);
      // Several documents, like a real agent.
      for (let i = 0; i < 4; i++) {
        const documentId = await seedDocument(db, agentId, `part-${i}.txt`);
        await replacePassages(db, { agentId, documentId, passages: list.slice(i * 500, (i + 1) * 500) });
      }
    }, 120_000);

    const top = async (query: string, limit = 5) => {
      const hits = await searchPassages(database().db, { agentId, query, limit, embedder: null });
      for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
      return hits.map((h) => h.content);
    };

    it("puts the exact phrase first, then partial phrases and all-words matches, then the rest", async () => {
      const hits = await top("thành phố hồ chí minh");
      expect(hits).toHaveLength(5);
      expect(hits[0]).toBe(PLANTED.phrase.content);
      expect(hits.slice(1, 3).sort()).toEqual([PLANTED.partial.content, PLANTED.scattered.content].sort());
      // Without marks "phở" and "phố", "chỉ" and "chí" are the same word, so only the phrase is sure to lead.
      expect((await top("thanh pho ho chi minh"))[0]).toBe(PLANTED.phrase.content);
      const name = await top("ho chi minh");
      expect(name.slice(0, 2).sort()).toEqual([PLANTED.phrase.content, PLANTED.partial.content].sort());
    });

    it("finds English questions with function words and inflections", async () => {
      expect((await top("refund policy"))[0]).toBe(PLANTED.refund.content);
      expect((await top("What is your refund policy for tickets?"))[0]).toBe(PLANTED.refund.content);
    });

    it("finds by heading and by Vietnamese questions typed without diacritics", async () => {
      expect((await top("chinh sach doi tra"))[0]).toBe(PLANTED.returns.content);
      expect((await top("Chính sách đổi trả hàng như thế nào?"))[0]).toBe(PLANTED.returns.content);
      expect((await top("cho ben thanh may gio mo cua"))[0]).toBe(PLANTED.market.content);
      expect((await top("Chợ Bến Thành mấy giờ mở cửa?"))[0]).toBe(PLANTED.market.content);
    });
  });
}
