import { describe, expect, it } from "vitest";
import type { ChatTurn } from "@/lib/retrieval/follow-up";
import { planRewrite, pointsBack } from "@/lib/retrieval/rewrite-plan";

/**
 * Issue 42: which questions wait for the model's rewrite before they are searched. Only a follow-up that
 * the built-in reading cannot complete does; every other question is searched at once, as typed.
 */
const asked = (...questions: string[]): ChatTurn[] =>
  questions.flatMap((content) => [
    { role: "user" as const, content },
    { role: "assistant" as const, content: "It opens at 7 and that is all there is to it." },
  ]);

describe("when a question waits for the model's rewrite", () => {
  it("searches a conversation's first question as typed, whatever its words", () => {
    for (const q of [
      "How much is it?",
      "and on Sunday?",
      "Nó giá bao nhiêu?",
      "How long does that treatment take for one patient?",
      "???",
      "",
    ]) {
      expect(planRewrite(q, [])).toEqual({ kind: "as-asked" });
    }
    // Only the assistant spoke before (a greeting), or the visitor's turns were blank: still a first question.
    expect(planRewrite("How much is it?", [{ role: "assistant", content: "Hi! Ask me anything." }])).toEqual({
      kind: "as-asked",
    });
    expect(planRewrite("What about it?", [{ role: "user", content: "   " }])).toEqual({ kind: "as-asked" });
  });

  it("searches a self-contained question in a conversation as typed", () => {
    const history = asked("What are your opening hours?");
    for (const q of [
      "How much is an almond croissant?",
      "Bánh mì thịt nướng giá bao nhiêu?",
      "Do you have gluten-free bread at the Nguyen Trai shop?",
    ]) {
      expect(planRewrite(q, history)).toEqual({ kind: "as-asked" });
    }
  });

  it("completes the follow-ups it can read with the previous question, without the model", () => {
    expect(planRewrite("and on Sunday?", asked("What are your opening hours?"))).toEqual({
      kind: "built-in",
      query: "what are your opening hours on sunday",
    });
    expect(planRewrite("còn chủ nhật thì sao?", asked("Tiệm mở cửa mấy giờ?"))).toEqual({
      kind: "built-in",
      query: "tiem mo cua may gio chu nhat",
    });
    // Short questions lean on the conversation even with a pronoun: the built-in reading has the subject.
    expect(planRewrite("and how long does it take?", asked("How much is a logo?")).kind).toBe("built-in");
    expect(planRewrite("price?", asked("Do you sell birthday cakes?")).kind).toBe("built-in");
  });

  it("carries the previous question's subject into a long follow-up that names it by a pronoun", () => {
    const history = asked("How much is teeth whitening?");
    expect(planRewrite("How long does that treatment take for one patient?", history)).toEqual({
      kind: "carried",
      query: "how much is teeth whitening how long does that treatment take for one patient",
    });
    expect(
      planRewrite("Can I pay for it after the delivery is finished?", asked("How much is a logo?")),
    ).toEqual({
      kind: "carried",
      query: "how much is a logo can i pay for it after the delivery is finished",
    });
    const vi = planRewrite(
      "Loại đó có giao hàng tận nhà buổi tối không?",
      asked("Bánh kem sinh nhật có những size nào?"),
    );
    expect(vi.kind).toBe("carried");
    expect(vi.kind === "carried" && vi.query.startsWith("banh kem sinh nhat")).toBe(true);
  });

  it("reads pointing words as whole words, in either language, with Vietnamese marks kept", () => {
    expect(pointsBack("How long does THAT take?")).toBe(true);
    expect(pointsBack("Giá của nó là bao nhiêu?")).toBe(true);
    // NFD-typed Vietnamese (macOS keyboards) is the same word.
    expect(pointsBack("Giá của nó là bao nhiêu?".normalize("NFD"))).toBe(true);
    // Words that merely contain one, and the folded forms that are other words, are not.
    expect(pointsBack("Is the itinerary thistle-free? Do you ship to Thailand?")).toBe(false);
    expect(pointsBack("No delivery? Do you open on Sunday?")).toBe(false);
    expect(pointsBack("Tiệm có bán bánh mì không?")).toBe(false);
  });

  it("never throws on hostile input", () => {
    const long = "that ".repeat(20_000);
    expect(planRewrite(long, asked("x")).kind).toBe("carried");
    expect(planRewrite("\u0000\uFFFF<script>", asked("<script>alert(1)</script>")).kind).toBe("built-in");
    expect(planRewrite("and?", [{ role: "user", content: "" }])).toEqual({ kind: "as-asked" });
  });
});
