import { describe, expect, it } from "vitest";
import { expandQuestion } from "@/lib/retrieval/expand";
import { type ChatTurn, followUpCore, followUpQuery } from "@/lib/retrieval/follow-up";

const asked = (...questions: string[]): ChatTurn[] =>
  questions.flatMap((content) => [
    { role: "user" as const, content },
    { role: "assistant" as const, content: "An answer that mentions prices and Sunday." },
  ]);

describe("follow-up questions", () => {
  it.each([
    ["and on Sunday?", "on sunday"],
    ["What about the price?", "the price"],
    ["còn chủ nhật thì sao?", "chu nhat"],
    ["thế còn giá?", "gia"],
    ["vậy còn size 24", "size 24"],
    ["con bao bi thi sao", "bao bi"],
    ["Sunday too?", "sunday"],
  ])("strips the markers of %j", (question, core) => {
    expect(followUpCore(question)).toEqual({ core, marked: true });
  });

  it("leaves a question without markers as it is", () => {
    expect(followUpCore("The price of a birthday cake?")).toEqual({
      core: "the price of a birthday cake",
      marked: false,
    });
    expect(followUpCore("Thủ tục như thế nào?").marked).toBe(false);
  });

  it("reads a follow-up with the visitor's previous question, not the assistant's answer", () => {
    expect(followUpQuery("and on Sunday?", asked("What are your opening hours?"))).toBe(
      "what are your opening hours on sunday",
    );
    expect(followUpQuery("còn chủ nhật thì sao?", asked("Tiệm mở cửa mấy giờ?"))).toBe(
      "tiem mo cua may gio chu nhat",
    );
  });

  it("treats a very short question as a follow-up, and a chain of them keeps the first question", () => {
    expect(followUpQuery("Sunday?", asked("opening hours of the clinic"))).toBe(
      "opening hours of the clinic sunday",
    );
    expect(followUpQuery("and the price?", asked("How much is a logo?", "and the website?"))).toBe(
      "how much is a logo the website the price",
    );
  });

  it("leaves a self-contained question alone, and has nothing to lean on without history", () => {
    expect(followUpQuery("How much does a birthday cake cost?", asked("Where are you?"))).toBeNull();
    expect(followUpQuery("Đăng ký khai sinh cần những giấy tờ gì?", asked("Giờ làm việc?"))).toBeNull();
    expect(followUpQuery("and on Sunday?", [])).toBeNull();
    expect(followUpQuery("and on Sunday?", [{ role: "assistant", content: "Hello!" }])).toBeNull();
  });
});

describe("question expansion", () => {
  it("adds the words documents use for a place or a phone number", () => {
    expect(expandQuestion("Where is the clinic?")).toBe("Where is the clinic? address location dia chi");
    expect(expandQuestion("Phòng khám ở đâu?")).toContain("dia chi");
    expect(expandQuestion("so dien thoai la gi")).toBeNull();
    expect(expandQuestion("Can I call you?")).toContain("hotline");
    expect(expandQuestion("How much is a logo?")).toBeNull();
  });
});
