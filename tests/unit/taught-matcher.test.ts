import { describe, expect, it } from "vitest";
import { bestTaught, type Taught } from "@/lib/answers/matcher";
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

const hit = (q: string) => bestTaught(TAUGHT, q)?.id ?? null;

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

  it("compares hundreds of phrasings within a few milliseconds", () => {
    const many: Taught[] = Array.from({ length: 500 }, (_, i) =>
      taught(`t${i}`, [`Question number ${i} about product ${i} price`, `Câu hỏi số ${i} về giá sản phẩm`]),
    );
    const started = performance.now();
    for (let i = 0; i < 10; i++) bestTaught(many, "What time do you open on Sunday?");
    expect((performance.now() - started) / 10).toBeLessThan(20);
  });
});
