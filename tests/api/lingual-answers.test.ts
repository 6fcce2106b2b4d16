import { beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../helpers/chat";
import { ownerWithAgent } from "../helpers/chat-ui";
import { BAKERY_FAQ_VI, SCHOOL_NOTES_EN } from "../helpers/lingual-bakery";

/**
 * Issue 44 items 1 and 2, over HTTP in built-in mode (no model): English questions over a Vietnamese FAQ
 * are answered with the Vietnamese sentence that holds the answer (the lexicon reads them in Vietnamese,
 * "MoMo" is searched as typed), said to be in Vietnamese; a paraphrase with "bao nhiêu phần trăm" is not a
 * fallback; over an English document the sentence with the price is quoted, not the first one.
 */
let bakery: string;
let school: string;

beforeAll(async () => {
  ({ agentId: bakery } = await ownerWithAgent({
    name: "Tiệm bánh Hoa Sen",
    model: "builtin",
    texts: [],
    files: [{ name: "cau-hoi-thuong-gap.md", content: BAKERY_FAQ_VI }],
  }));
  ({ agentId: school } = await ownerWithAgent({
    name: "Oak Lane Bakery School",
    model: "builtin",
    texts: [{ title: "Visitor notes", content: SCHOOL_NOTES_EN }],
  }));
});

async function ask(agentId: string, language: "en" | "vi", question: string) {
  const answered = await new Visitor(undefined, language).ask(agentId, question);
  expect(answered.status).toBe(200);
  const message = answered.body.data!.message;
  return { content: message.content, mode: message.mode };
}

describe("English questions over a Vietnamese FAQ", () => {
  const cases: [string, string, string[]][] = [
    ["What time do you open on Sunday?", "Chủ nhật tiệm mở cửa từ 7:00 đến 12:00", ["Có thể ghi chữ"]],
    ["How much does the garlic butter bread cost?", "Bánh mì bơ tỏi giá 35.000đ một ổ", ["hoa cúc"]],
    ["Do you have car parking?", "Tiệm có chỗ đậu ô tô miễn phí", []],
    ["Do you accept MoMo?", "Tiệm nhận tiền mặt, chuyển khoản và ví MoMo", []],
  ];
  for (const [question, sentence, unrelated] of cases) {
    it(`answers "${question}" with the Vietnamese sentence, framed in English`, async () => {
      const { content, mode } = await ask(bakery, "en", question);
      expect(mode).toBe("quote");
      expect(content).toContain(sentence);
      expect(content).toContain("According to the documents");
      expect(content).toContain("which are in Vietnamese");
      for (const u of unrelated) expect(content).not.toContain(u);
    });
  }

  it("falls back on what the FAQ does not say", async () => {
    const { mode, content } = await ask(bakery, "en", "Do you sell pizza?");
    expect(mode).toBe("fallback");
    expect(content).not.toContain(">");
  });
});

describe("Vietnamese paraphrases and follow-ups", () => {
  it("answers 'bao nhiêu phần trăm' with the Gold card's line, not the fallback", async () => {
    const { content, mode } = await ask(bakery, "vi", "Thẻ Vàng được giảm bao nhiêu phần trăm?");
    expect(mode).toBe("quote");
    expect(content).toContain("Thẻ Vàng: giảm 10%");
    expect(content).not.toContain("Thẻ Bạc");
  });
});

describe("English questions over an English document", () => {
  it("quotes the sentence with the price of a baking class first", async () => {
    const { content, mode } = await ask(school, "en", "How much is a baking class?");
    expect(mode).toBe("quote");
    const price = content.indexOf("A baking class costs 450,000 VND");
    expect(price).toBeGreaterThan(-1);
    const schedule = content.indexOf("take place every Saturday");
    expect(schedule === -1 || schedule > price).toBe(true);
    expect(content).not.toContain("which are in");
  });

  it("finds 'Parking for cars' for 'Is there car parking?'", async () => {
    const { content, mode } = await ask(school, "en", "Is there car parking?");
    expect(mode).toBe("quote");
    expect(content).toContain("Parking for cars is available behind the building");
  });
});
