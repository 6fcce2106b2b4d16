import { describe, expect, it } from "vitest";
import { bestTaught, indexTaught, type Taught } from "@/lib/answers/matcher";
import { readPhrasing } from "@/lib/answers/similarity";

const taught = (id: string, questions: string[]): Taught => ({
  id,
  answer: `answer ${id}`,
  phrasings: questions.map(readPhrasing),
});

const TAUGHT: Taught[] = [
  taught("sunday", ["Chủ nhật mở cửa mấy giờ?"]),
  taught("momo", ["Do you accept MoMo?"]),
  taught("gold", ["Thẻ Vàng được giảm bao nhiêu phần trăm?"]),
  taught("parking", ["Có chỗ đậu xe ô tô không?", "Is there car parking?"]),
  taught("class", ["How much is a baking class?"]),
];

const hit = (q: string) => bestTaught(indexTaught(TAUGHT), q)?.id ?? null;

describe("taught answers: matching a visitor's question", () => {
  it.each([
    ["Chủ nhật mở cửa mấy giờ?", "sunday"],
    ["chu nhat mo cua may gio", "sunday"],
    ["What time do you open on Sunday?", "sunday"],
    ["do you accept momo", "momo"],
    ["Có nhận MoMo không?", "momo"],
    ["Thẻ vàng giảm bao nhiêu phần trăm", "gold"],
    ["Is there car parking?", "parking"],
    ["có chỗ đậu xe ô tô không", "parking"],
    ["How much does a baking class cost?", "class"],
  ])("%s → %s", (question, id) => {
    expect(hit(question)).toBe(id);
  });

  it.each([
    "Do you deliver to District 7?",
    "Can I bring my dog?",
    "What is your phone number?",
    "Where are you located?",
    "Do you have wifi?",
    "Bạn có bán bánh mì chay không?",
    "Địa chỉ cửa hàng ở đâu?",
    "Do you sell birthday cakes?",
    "What time do you close on Monday?",
    "Thẻ Bạc được giảm bao nhiêu?",
    "Is the garlic bread vegan?",
    "Giao hàng có mất phí không?",
    "hello",
    "",
  ])("no taught answer for an unrelated question: %s", (question) => {
    expect(hit(question)).toBeNull();
  });

  it("compares a thousand phrasings that share a word with the question within a few milliseconds", () => {
    const many = indexTaught(
      Array.from({ length: 500 }, (_, i) =>
        taught(`t${i}`, [`Question number ${i} about product ${i} price`, `Câu hỏi số ${i} về giá sản phẩm`]),
      ),
    );
    // Warm (the server compares thousands of questions a day): the first few runs are the JIT's.
    for (let i = 0; i < 20; i++) bestTaught(many, "What is the price of product 7?");
    const started = performance.now();
    // Every phrasing shares "price" (giá) with this question: all 1,000 are compared.
    for (let i = 0; i < 10; i++) expect(bestTaught(many, "What is the price of product 7?")?.id).toBe("t7");
    expect((performance.now() - started) / 10).toBeLessThan(15);
  });
});

describe("the bakery of the API test", () => {
  const bakery = [
    taught("momo", ["Tiệm có nhận MoMo không?"]),
    taught("parking", ["Is there car parking?"]),
    taught("hours", ["Chủ nhật tiệm mở cửa mấy giờ?"]),
    taught("code", ["Có đoạn mã nào không?"]),
  ];
  const found = (q: string) => bestTaught(indexTaught(bakery), q)?.id ?? null;

  it.each([
    ["Tiệm có nhận MoMo không?", "momo"],
    ["Do you accept MoMo?", "momo"],
    ["What time do you open on Sunday?", "hours"],
    ["Có chỗ đậu xe ô tô không?", "parking"],
    ["Mình trả bằng MoMo được không ạ?", null],
  ])("%s → %s", (q, id) => {
    expect(found(q)).toBe(id);
  });

  it.each([
    "How much does the garlic butter bread cost?",
    "Bánh mì bơ tỏi giá bao nhiêu?",
    "Thẻ Vàng được giảm bao nhiêu phần trăm?",
    "Do you sell pizza?",
    "Can I bring my dog?",
    "What is your phone number?",
    "Do you deliver to District 7?",
    "Có ghi chữ lên bánh kem không?",
    "Học sinh được tặng gì?",
    "What time do you close on Monday?",
    "Do you accept credit cards?",
  ])("nothing for %s", (q) => {
    expect(found(q)).toBeNull();
  });
});
