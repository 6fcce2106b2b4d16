import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crawlPages, documents, passages } from "@/lib/db/schema";
import { chunk } from "@/lib/retrieval/chunk";
import { deletePassages, PassageScopeError, passageCounts, replacePassages } from "@/lib/retrieval/passages";
import { searchPassages } from "@/lib/retrieval/search";
import { backendDatabase, backends, seedAgent, seedDocument, seedPage } from "../helpers/retrieval-db";

const p = (content: string, heading: string | null = null) => ({ heading, content });

for (const backend of backends) {
  describe(`search index on ${backend}`, () => {
    const database = backendDatabase(backend);
    const search = (agentId: string, query: string, limit?: number) =>
      searchPassages(database().db, { agentId, query, limit, embedder: null });

    async function indexed(list: { heading: string | null; content: string }[], name?: string) {
      const { db } = database();
      const agentId = await seedAgent(db);
      const documentId = await seedDocument(db, agentId, name);
      await replacePassages(db, { agentId, documentId, passages: list });
      return { agentId, documentId };
    }

    it("finds Vietnamese text written with diacritics from a query without them, and the reverse", async () => {
      const { agentId } = await indexed([
        p("Thành phố Hồ Chí Minh là thành phố lớn nhất Việt Nam."),
        p("Da Nang co nhieu bai bien dep va cau Rong."),
        p("Opening hours: 7am–9pm every day."),
      ]);
      const [hcm] = await search(agentId, "thanh pho ho chi minh");
      expect(hcm?.content).toContain("Thành phố Hồ Chí Minh");
      const [dn] = await search(agentId, "Đà Nẵng có những bãi biển nào?");
      expect(dn?.content).toContain("Da Nang");
      const [upper] = await search(agentId, "THÀNH PHỐ HỒ CHÍ MINH");
      expect(upper?.content).toContain("Thành phố Hồ Chí Minh");
    });

    it("matches ordinary English words without stemming dictionaries", async () => {
      const { agentId } = await indexed([
        p("Opening hours: 7am–9pm, Monday to Sunday."),
        p("Our restaurant serves noodles and rice."),
        p("Parking is free for customers."),
      ]);
      const [first] = await search(agentId, "opening hours");
      expect(first?.content).toBe("Opening hours: 7am–9pm, Monday to Sunday.");
      // A prefix catches a plural: "restaurant" also finds "restaurants"; "hour" finds "hours".
      const [hour] = await search(agentId, "What are your hour?");
      expect(hour?.content).toContain("Opening hours");
      const [park] = await search(agentId, "Is there parking?");
      expect(park?.content).toContain("Parking is free");
      expect(await search(agentId, "7am")).toHaveLength(1);
    });

    it("prefers passages with the question's own diacritics, and finds both without them", async () => {
      const { agentId } = await indexed([
        p("Phố cổ Hội An về đêm rất đẹp."),
        p("Phở bò Hội An nấu rất ngon."),
      ]);
      expect((await search(agentId, "phở"))[0]?.content).toContain("Phở bò");
      expect((await search(agentId, "phố"))[0]?.content).toContain("Phố cổ");
      expect((await search(agentId, "Phở Hội An"))[0]?.content).toContain("Phở bò");
      expect(await search(agentId, "pho")).toHaveLength(2);
    });

    it("finds a passage by its heading", async () => {
      const { agentId } = await indexed([
        p("Từ 7 giờ đến 21 giờ, kể cả cuối tuần.", "Giờ mở cửa"),
        p("Phở bò, bún chả, cơm tấm.", "Thực đơn"),
      ]);
      const [hit] = await search(agentId, "gio mo cua");
      expect(hit).toMatchObject({ heading: "Giờ mở cửa", content: "Từ 7 giờ đến 21 giờ, kể cả cuối tuần." });
      const [menu] = await search(agentId, "thực đơn");
      expect(menu?.heading).toBe("Thực đơn");
    });

    it("never shows one agent another agent's passages", async () => {
      const text = [p("Mã giảm giá bí mật: PHO2024 cho khách quen.")];
      const a = await indexed(text);
      const b = await indexed(text);
      const hitsA = await search(a.agentId, "ma giam gia bi mat");
      const hitsB = await search(b.agentId, "ma giam gia bi mat");
      expect(hitsA).toHaveLength(1);
      expect(hitsB).toHaveLength(1);
      expect(hitsA[0]!.documentId).toBe(a.documentId);
      expect(hitsB[0]!.documentId).toBe(b.documentId);
      expect(hitsA[0]!.passageId).not.toBe(hitsB[0]!.passageId);
      const stranger = await seedAgent(database().db);
      expect(await search(stranger, "ma giam gia bi mat")).toEqual([]);
      // Even a typo fallback stays inside the agent.
      expect(await search(stranger, "ma giam gia bi mta")).toEqual([]);
    });

    it("ranks the passage with the phrase above one with the same words scattered", async () => {
      const { agentId } = await indexed([
        p("Minh đi hồ Tây, chí ít cũng một lần mỗi năm, ở thành phố Hà Nội với chị Phố."),
        p("Văn phòng của chúng tôi ở Thành phố Hồ Chí Minh, quận 1."),
        p("Hồ Gươm nằm giữa thành phố."),
      ]);
      const hits = await search(agentId, "thành phố hồ chí minh");
      expect(hits[0]?.content).toContain("Thành phố Hồ Chí Minh");
      expect(hits[1]?.content).toContain("Minh đi hồ Tây");
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      const en = await indexed([
        p("The hours of our opening day were long, but the store stays open."),
        p("Opening hours are 9 to 5."),
      ]);
      const [best] = await search(en.agentId, "opening hours");
      expect(best?.content).toBe("Opening hours are 9 to 5.");
    });

    it("does not throw on tsquery syntax, empty or punctuation-only questions", async () => {
      const { agentId } = await indexed([
        p("Phở bò tái chín: 50.000đ"),
        p("Can't stop (won't stop) & more!"),
      ]);
      for (const q of [
        "",
        "   ",
        "&|!():*<->'",
        "'",
        "a & b",
        "!phở",
        "phở:*",
        "(bò",
        "tái <-> chín",
        "can't",
        "\\",
        "NULL",
        "%_",
        "'; drop table passages; --",
        "😀🍜",
        "x".repeat(5000),
        Array.from({ length: 300 }, (_, i) => `word${i}`).join(" "),
      ]) {
        const hits = await search(agentId, q);
        expect(Array.isArray(hits)).toBe(true);
      }
      expect((await search(agentId, "!phở"))[0]?.content).toContain("Phở bò");
      expect((await search(agentId, "can't"))[0]?.content).toContain("Can't stop");
      expect((await search(agentId, "50.000"))[0]?.content).toContain("50.000đ");
      expect((await search(agentId, "50000"))[0]?.content).toContain("50.000đ");
      const [{ n }] = (
        await database().db.execute<{ n: number }>(sql`select count(*)::int as n from passages`)
      ).rows as [{ n: number }];
      expect(n).toBeGreaterThan(0);
    });

    it("honours the limit and finds typos through trigrams where pg_trgm exists", async () => {
      const { agentId } = await indexed(
        Array.from({ length: 12 }, (_, i) => p(`Chi nhánh số ${i} của Nguyễn Văn An ở Cần Thơ.`)),
      );
      expect(await search(agentId, "nguyen van an", 3)).toHaveLength(3);
      expect(await search(agentId, "nguyen van an", 0)).toHaveLength(1);
      expect(await search(agentId, "nguyen van an")).toHaveLength(5);
      const trgm = (
        await database().db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
        )
      ).rows[0]!.n;
      const typo = await search(agentId, "nguyn van ann can tho");
      if (trgm) expect(typo[0]?.content).toContain("Nguyễn Văn An");
      else expect(typo).toEqual([]);
    });

    it("replaces a document's passages: twice in a row and twice at once leave exactly one set", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const documentId = await seedDocument(db, agentId);
      const list = chunk([{ heading: "Doc", text: "Câu một về phở. ".repeat(300) }]);
      expect(list.length).toBeGreaterThan(3);
      const first = await replacePassages(db, { agentId, documentId, passages: list });
      const second = await replacePassages(db, { agentId, documentId, passages: list });
      expect(second).toEqual(first);
      await Promise.all([
        replacePassages(db, { agentId, documentId, passages: list }),
        replacePassages(db, { agentId, documentId, passages: list }),
        replacePassages(db, { agentId, documentId, passages: list }),
      ]);
      const rows = await db
        .select({ ordinal: passages.ordinal, content: passages.content })
        .from(passages)
        .where(eq(passages.documentId, documentId))
        .orderBy(passages.ordinal);
      expect(rows.map((r) => r.ordinal)).toEqual(list.map((_, i) => i));
      expect(rows.map((r) => r.content)).toEqual(list.map((c) => c.content));
      // A shorter re-index leaves no stale tail.
      await replacePassages(db, { agentId, documentId, passages: list.slice(0, 2) });
      expect((await passageCounts(db, [documentId])).get(documentId)?.passages).toBe(2);
    });

    it("a failed insert leaves the previous passages in place", async () => {
      const { db } = database();
      const { agentId, documentId } = await indexed([p("Bản cũ vẫn còn.")]);
      // The second passage breaks a constraint after the delete ran: the whole replacement must roll back.
      await db.execute(sql`alter table passages add constraint passages_test_boom check (content <> 'BOOM')`);
      try {
        await expect(
          replacePassages(db, { agentId, documentId, passages: [p("Nội dung thay thế"), p("BOOM")] }),
        ).rejects.toThrow();
      } finally {
        await db.execute(sql`alter table passages drop constraint passages_test_boom`);
      }
      const [hit] = await search(agentId, "ban cu");
      expect(hit?.content).toBe("Bản cũ vẫn còn.");
      expect(await search(agentId, "noi dung thay the")).toEqual([]);
    });

    it("drops NUL characters and empty passages instead of failing", async () => {
      const { db } = database();
      const { agentId, documentId } = await indexed([p("Trang\u0000 bị lỗi", "Tiêu\u0000 đề"), p("  \n ")]);
      expect((await passageCounts(db, [documentId])).get(documentId)?.passages).toBe(1);
      const [hit] = await search(agentId, "trang bi loi");
      expect(hit).toMatchObject({ heading: "Tiêu đề", content: "Trang bị lỗi" });
    });

    it("writes more than one insert batch", async () => {
      const { db } = database();
      const list = Array.from({ length: 1234 }, (_, i) => p(`Dòng số ${i}: sản phẩm mã SP${i}.`));
      const { agentId, documentId } = await indexed(list);
      expect((await passageCounts(db, [documentId])).get(documentId)?.passages).toBe(1234);
      const [hit] = await search(agentId, "SP1233");
      expect(hit?.content).toBe("Dòng số 1233: sản phẩm mã SP1233.");
    });

    it("indexes crawled pages separately from each other", async () => {
      const { db } = database();
      const agentId = await seedAgent(db);
      const documentId = await seedDocument(db, agentId, "https://site.test");
      const page1 = await seedPage(db, documentId, "https://site.test/a");
      const page2 = await seedPage(db, documentId, "https://site.test/b");
      await replacePassages(db, { agentId, documentId, pageId: page1, passages: [p("Trang A nói về phở.")] });
      await replacePassages(db, { agentId, documentId, pageId: page2, passages: [p("Trang B nói về bún.")] });
      await replacePassages(db, { agentId, documentId, pageId: page1, passages: [p("Trang A nói về phở.")] });
      const [a] = await search(agentId, "pho");
      expect(a).toMatchObject({ documentId, pageId: page1 });
      expect((await passageCounts(db, [documentId])).get(documentId)?.passages).toBe(2);
      // Removing one page (e.g. it vanished on a re-crawl) removes only its passages.
      await db.delete(crawlPages).where(eq(crawlPages.id, page2));
      expect(await search(agentId, "bun")).toEqual([]);
      expect(await search(agentId, "pho")).toHaveLength(1);
      await expect(
        replacePassages(db, {
          agentId,
          documentId: await seedDocument(db, agentId),
          pageId: page1,
          passages: [],
        }),
      ).rejects.toThrow(PassageScopeError);
    });

    it("refuses to index a document under another agent", async () => {
      const { db } = database();
      const { documentId } = await indexed([p("x")]);
      const other = await seedAgent(db);
      await expect(replacePassages(db, { agentId: other, documentId, passages: [p("y")] })).rejects.toThrow(
        PassageScopeError,
      );
    });

    it("removes passages with deletePassages and with the document (cascade)", async () => {
      const { db } = database();
      const one = await indexed([p("Bánh mì Hội An"), p("Cao lầu Hội An")]);
      expect(await deletePassages(db, one.documentId)).toBe(2);
      expect(await search(one.agentId, "hoi an")).toEqual([]);
      const two = await indexed([p("Mì Quảng Đà Nẵng")]);
      expect(await search(two.agentId, "mi quang")).toHaveLength(1);
      await db.delete(documents).where(eq(documents.id, two.documentId));
      expect(await search(two.agentId, "mi quang")).toEqual([]);
      expect((await passageCounts(db, [two.documentId])).size).toBe(0);
    });

    it("counts passages and characters per document", async () => {
      const { db } = database();
      const a = await indexed([p("abc"), p("defgh")]);
      const b = await indexed([p("xyz")]);
      const counts = await passageCounts(db, [a.documentId, b.documentId]);
      expect(counts.get(a.documentId)).toEqual({ passages: 2, characters: 8 });
      expect(counts.get(b.documentId)).toEqual({ passages: 1, characters: 3 });
      expect((await passageCounts(db, [])).size).toBe(0);
    });
  });
}
