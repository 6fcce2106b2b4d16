import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiEmbedder } from "@/lib/retrieval/embedder";
import { type ChatTurn, type Rewriter, retrieve } from "@/lib/retrieval/retrieve";
import { vectorsAvailable } from "@/lib/retrieval/vectors";
import { ANSWERABLE } from "../helpers/chat-quality-cases";
import { backendDatabase, backends, learnMarkdown, seedAgent } from "../helpers/retrieval-db";
import { MOCK_MODELS, type OpenAiPeer, startOpenAiPeer } from "../peers/openai";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/chat-quality");

const learn = learnMarkdown;

const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");
const has = (hits: { content: string }[], fact: string) => hits.some((h) => h.content.includes(fact));

for (const backend of backends) {
  describe(`retrieve (${backend})`, () => {
    const database = backendDatabase(backend);
    let ward = "";
    let bakeryA = "";
    let bakeryB = "";
    const docsOf = new Map<string, Set<string>>();
    beforeAll(async () => {
      const { db } = database();
      ward = await seedAgent(db, "ward");
      docsOf.set(ward, new Set([await learn(db, ward, fixture("ward-office.vi.md"))]));
      // Two bakeries with the same menu and different hours: nothing of B may reach A's visitors.
      bakeryA = await seedAgent(db, "A");
      bakeryB = await seedAgent(db, "B");
      const menu = fixture("bakery.vi.md");
      docsOf.set(
        bakeryA,
        new Set([await learn(db, bakeryA, menu), await learn(db, bakeryA, fixture("bakery.en.md"))]),
      );
      const other = menu
        .replace("6:30 sáng đến 21:00", "5:00 sáng đến 23:30")
        .replace("152 Nguyễn Trãi", "9 Lê Lợi");
      docsOf.set(bakeryB, new Set([await learn(db, bakeryB, other)]));
    }, 120_000);

    const ask = (
      agentId: string,
      question: string,
      more: { history?: ChatTurn[]; rewrite?: Rewriter } = {},
    ) => retrieve(database().db, { agentId, question, embedder: null, ...more });

    it("reads an English question about Vietnamese-only documents through the lexicon, asking no rewrite", async () => {
      const question = "How much does it cost to certify a copy of a document?";
      const seen: [string, ChatTurn[]][] = [];
      const history: ChatTurn[] = [{ role: "user", content: "Hello" }];
      const translate: Rewriter = async (q, h) => {
        seen.push([q, h]);
        return ["Chứng thực bản sao lệ phí bao nhiêu?"];
      };
      // The lexicon reads it in Vietnamese (certify → chứng thực, copy → bản sao): found without a model.
      const without = await ask(ward, question);
      expect(has(without.hits, "2.000 đồng một trang")).toBe(true);
      expect(without.answerable).toBe(true);
      const withRewrite = await ask(ward, question, { history, rewrite: translate });
      // Found without a model, the model's rewrite is not asked at all.
      expect(seen).toEqual([]);
      expect(withRewrite.queries[0]).toBe(question);
      expect(has(withRewrite.hits, "2.000 đồng một trang")).toBe(true);
      expect(withRewrite.answerable).toBe(true);
    });

    it("searches the question as typed when the rewrite fails, returns junk or takes too long", async () => {
      // A follow-up naming its subject by a pronoun, read with the previous question's subject: answered
      // without waiting for the model's rewrite.
      const history: ChatTurn[] = [{ role: "user", content: "Tôi muốn đăng ký khai sinh cho con." }];
      const question = "Đăng ký khai sinh đó cần những giấy tờ gì?";
      const plain = await ask(ward, question, { history });
      expect(has(plain.hits, "giấy chứng sinh do bệnh viện cấp")).toBe(true);
      const failing: Rewriter = async () => {
        throw new Error("model unreachable");
      };
      const junk = (async () => [42, "", null]) as unknown as Rewriter;
      const hang: Rewriter = () => new Promise<string[]>(() => {});
      for (const rewrite of [failing, junk, hang]) {
        const started = Date.now();
        const result = await ask(ward, question, { history, rewrite });
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(result).toEqual(plain);
      }
      // Nothing the visitor's words find answers them: the rewrite is waited for, within its time limit.
      const lost = "Thủ tục xyzzy plugh đó ra sao?";
      const unanswered = await ask(ward, lost, { history });
      expect(unanswered.answerable).toBe(false);
      // A rewrite that finds it is searched with the visitor's readings, and leads to the answer.
      const seen: string[] = [];
      const translate: Rewriter = async (q) => {
        seen.push(q);
        return ["Chứng thực bản sao lệ phí bao nhiêu?"];
      };
      const rewritten = await ask(ward, lost, { history, rewrite: translate });
      expect(seen).toEqual([lost]);
      expect(rewritten.queries.at(-1)).toBe("Chứng thực bản sao lệ phí bao nhiêu?");
      expect(has(rewritten.hits, "2.000 đồng một trang")).toBe(true);
      expect(rewritten.answerable).toBe(true);
      const started = Date.now();
      const hanging = await ask(ward, lost, { history, rewrite: hang });
      const took = Date.now() - started;
      expect(hanging).toEqual(unanswered);
      expect(took).toBeGreaterThanOrEqual(3_500);
      expect(took).toBeLessThan(8_000);
      // Issue 42: a first question the documents answer never waits for the model at all.
      const first = Date.now();
      const alone = await ask(ward, "Đăng ký khai sinh cần những giấy tờ gì?", { rewrite: hang });
      expect(Date.now() - first).toBeLessThan(2_000);
      expect(alone.answerable).toBe(true);
      expect(has(alone.hits, "giấy chứng sinh do bệnh viện cấp")).toBe(true);
    });

    it("never lets the conversation drown a self-contained question", async () => {
      const question = "Bánh mì thịt nướng giá bao nhiêu?";
      const alone = await ask(bakeryA, question);
      const history: ChatTurn[] = [
        { role: "user", content: "Tiệm mở cửa mấy giờ?" },
        { role: "assistant", content: "Tiệm mở cửa từ 6:30 sáng đến 21:00." },
        { role: "user", content: "Còn chủ nhật thì sao?" },
        { role: "assistant", content: "Chủ nhật từ 8:00 đến 14:00." },
      ];
      const inConversation = await ask(bakeryA, question, { history });
      // No follow-up reading: the question as typed (and the lexicon's reading of it), as when alone.
      expect(inConversation.queries).toEqual(alone.queries);
      expect(inConversation.queries[0]).toBe(question);
      expect(inConversation.hits[0]!.content).toContain("Bánh mì thịt nướng 25.000đ");
      expect(inConversation.hits.map((h) => h.passageId)).toEqual(alone.hits.map((h) => h.passageId));
    });

    it("reads a follow-up with the previous question", async () => {
      const history: ChatTurn[] = [
        { role: "user", content: "Tiệm mở cửa mấy giờ?" },
        { role: "assistant", content: "Từ 6:30 sáng đến 21:00." },
      ];
      const result = await ask(bakeryA, "còn chủ nhật thì sao?", { history });
      const alone = await ask(bakeryA, "còn chủ nhật thì sao?");
      // One reading more than the question alone has: the previous question with this one.
      expect(result.queries).toHaveLength(alone.queries.length + 1);
      expect(result.hits[0]!.content).toContain("từ 8:00 đến 14:00");
      expect(result.answerable).toBe(true);
    });

    it('hears "lúc mấy giờ" as asking for a time, on an agent that taught one sentence', async () => {
      const { db } = database();
      const shop = await seedAgent(db, "one-sentence");
      await learn(db, shop, "## Giờ mở cửa\nTiệm bánh Hoa Mai mở cửa từ 7 giờ sáng đến 9 giờ tối mỗi ngày.");
      const result = await ask(shop, "Tiệm mở cửa lúc mấy giờ?");
      expect(result.answerable).toBe(true);
      expect(has(result.hits, "7 giờ sáng")).toBe(true);
      // A time word alone is not what the question is about: a thing the shop never mentions stays unanswered.
      expect((await ask(shop, "Bãi đỗ xe mở cửa lúc mấy giờ?")).answerable).toBe(false);
    });

    it("answers a newcomer's first question on their first, one-passage text, and still only that", async () => {
      const { db } = database();
      const clinic = await seedAgent(db, "one-passage clinic");
      await learn(db, clinic, "## Thông tin\nPhòng khám mở cửa từ 8 giờ sáng. Phí khám là 200.000 đồng.");
      const ward = await seedAgent(db, "one-passage ward");
      await learn(db, ward, "## Thông tin\nLàm căn cước tại trụ sở Công an phường, số 12 Lý Thường Kiệt.");
      // With one passage every word is common: the "bao nhiêu" and "đâu" of the question must not outweigh it.
      const fee = await ask(clinic, "Phí khám bao nhiêu?");
      expect(fee.answerable).toBe(true);
      expect(has(fee.hits, "200.000 đồng")).toBe(true);
      const where = await ask(ward, "Làm căn cước ở đâu?");
      expect(where.answerable).toBe(true);
      expect(has(where.hits, "Lý Thường Kiệt")).toBe(true);
      // What the text never mentions still gets the fallback, however alike the question's form.
      expect((await ask(clinic, "Phí gửi xe bao nhiêu?")).answerable).toBe(false);
      expect((await ask(ward, "Làm hộ chiếu ở đâu?")).answerable).toBe(false);
      // A text that gives the hours and no price does not answer what the visit costs.
      const hours = await seedAgent(db, "one-passage hours");
      await learn(db, hours, "## Thông tin\nPhòng khám mở cửa từ 8 giờ sáng đến 5 giờ chiều.");
      expect((await ask(hours, "Phí khám bao nhiêu?")).answerable).toBe(false);
    });

    it("answers nothing for an empty or punctuation-only question", async () => {
      for (const question of ["", "   ", "???"]) {
        const result = await ask(bakeryA, question);
        expect(result.hits).toEqual([]);
        expect(result.answerable).toBe(false);
      }
    });

    it("keeps every agent to its own passages, whatever the question, history or rewrite", async () => {
      const leak = (agentId: string, hits: { documentId: string; content: string }[]) =>
        hits.filter((h) => !docsOf.get(agentId)!.has(h.documentId));
      const toB: Rewriter = async () => ["5:00 sáng đến 23:30", "9 Lê Lợi"];
      let searched = 0;
      for (const c of ANSWERABLE.filter((x) => x.agent === "bakery")) {
        const history = (c.history ?? []).map((content) => ({ role: "user" as const, content }));
        const a = await ask(bakeryA, c.q, { history, rewrite: toB });
        const b = await ask(bakeryB, c.q, { history });
        expect(leak(bakeryA, a.hits)).toEqual([]);
        expect(leak(bakeryB, b.hits)).toEqual([]);
        expect(a.hits.some((h) => h.content.includes("23:30") || h.content.includes("9 Lê Lợi"))).toBe(false);
        searched += a.hits.length + b.hits.length;
      }
      expect(searched).toBeGreaterThan(20);
      // B's own hours are found for B, and A's for A: the same question, two answers.
      expect(has((await ask(bakeryB, "Tiệm mở cửa mấy giờ?")).hits, "5:00 sáng đến 23:30")).toBe(true);
      expect(has((await ask(bakeryA, "Tiệm mở cửa mấy giờ?")).hits, "6:30 sáng đến 21:00")).toBe(true);
    });

    describe("with an embedding model", () => {
      let peer: OpenAiPeer;
      beforeAll(async () => {
        peer = await startOpenAiPeer();
      });
      afterAll(() => peer.stop());

      it("fuses vector hits and still finds the fact", async () => {
        const { db } = database();
        const embedder = openAiEmbedder({ baseUrl: peer.baseUrl, model: MOCK_MODELS.embed });
        const agentId = await seedAgent(db, "dental");
        await learn(db, agentId, fixture("dental.en.md"), embedder);
        const vectors = await vectorsAvailable(db);
        const before = peer.embeddingRequests.length;
        const result = await retrieve(db, { agentId, question: "How much are braces?", embedder });
        expect(has(result.hits, "Metal braces cost 30,000,000 VND")).toBe(true);
        expect(result.answerable).toBe(true);
        // Where pgvector exists the question itself was embedded; elsewhere search fell back to full text.
        expect(peer.embeddingRequests.slice(before).flat().includes("How much are braces?")).toBe(vectors);
      });
    });
  });
}
