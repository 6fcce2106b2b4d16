import { describe, expect, it } from "vitest";
import {
  contentTerms,
  coverage,
  intentWeight,
  markedForms,
  queryShape,
  syllablePairs,
  topicTerms,
} from "@/lib/retrieval/answerable";
import type { SearchHit } from "@/lib/retrieval/search";

const passage = (content: string, heading: string | null = null): SearchHit => ({
  passageId: 1,
  documentId: "d",
  pageId: null,
  heading,
  content,
  score: 1,
});
const even = new Map<string, number>();

describe("the answerable verdict's pieces", () => {
  it("keeps what a question is about, not how it asks", () => {
    expect(contentTerms("Do you have gluten-free bread?")).toEqual(["gluten", "free", "bread"]);
    expect(contentTerms("Cho mình hỏi phí giao hàng là bao nhiêu ạ?")).toEqual([
      "phi",
      "giao",
      "hang",
      "bao",
      "nhieu",
    ]);
    expect(topicTerms("and how long does it take?")).toEqual([]);
    expect(topicTerms("what about implants?")).toEqual(["implants"]);
  });

  it("counts plurals and prefixes of English words", () => {
    const hit = passage("Opening hours: Monday to Saturday.", "Hours");
    expect(coverage(hit, queryShape("open hour"), even)).toBe(1);
    expect(coverage(hit, queryShape("open hour sunday"), even)).toBeCloseTo(2 / 3);
  });

  it("does not take one syllable of a Vietnamese word for the word", () => {
    expect(syllablePairs("bánh trung thu")).toEqual([
      ["banh", "trung"],
      ["trung", "thu"],
    ]);
    expect(syllablePairs("mooncakes for sale")).toEqual([]);
    const weekdays = passage("Mở cửa từ thứ Hai đến thứ Bảy.");
    expect(coverage(weekdays, queryShape("bánh trung thu"), even)).toBe(0);
    expect(coverage(passage("Bánh trung thu nhân đậu xanh."), queryShape("banh trung thu"), even)).toBe(1);
  });

  it("compares the marks of a question typed with them, not of one typed without", () => {
    expect(markedForms("gio mo cua")).toBeNull();
    expect(markedForms("Tiem có mo cua")).toBeNull();
    expect(markedForms("Có bán bánh trung thu không?")?.get("trung")).toEqual(["trung"]);
    const eggs = passage("Bánh mì ốp la thêm trứng 5.000đ, mở cửa thứ Hai.");
    expect(coverage(eggs, queryShape("Có bán bánh trung thu không?"), even)).toBe(0);
    expect(coverage(eggs, queryShape("Bánh trứng giá bao nhiêu?"), even)).toBeCloseTo(2 / 5);
    expect(coverage(eggs, queryShape("banh trung"), even)).toBe(1);
  });

  it("weighs rare words more than common ones", () => {
    const hit = passage("Bread and cakes every day.");
    const weights = new Map([
      ["bread", 0.2],
      ["parking", 4],
    ]);
    expect(coverage(hit, queryShape("bread parking"), weights)).toBeCloseTo(0.2 / 4.2);
  });

  it("weighs an intent word half a word of the only passage, and a fixed 0.3 from two passages on", () => {
    const onlyPassage = Math.log(1 + 0.5 / 1.5);
    expect(intentWeight(0)).toBeCloseTo(onlyPassage / 2);
    expect(intentWeight(1)).toBeCloseTo(onlyPassage / 2);
    for (const n of [2, 3, 20, 1_000, 100_000]) expect(intentWeight(n)).toBe(0.3);
  });
});
