import { describe, expect, it } from "vitest";
import { coverage, queryShape } from "@/lib/retrieval/answerable";
import { crossCoverage, crossLingual, englishSynonyms, typedNames } from "@/lib/retrieval/lexicon";
import { analyzedUnits, questionShape, scoreUnit } from "@/lib/retrieval/match";
import type { SearchHit } from "@/lib/retrieval/search";

/** Issue 44 item 2: questions worded unlike the documents, read through the lexicon in their own language. */
const padded = (folded: string) => ` ${folded} `;
const hit = (content: string): SearchHit => ({ content, heading: null }) as unknown as SearchHit;

describe("English synonyms from the lexicon", () => {
  it("finds the document's word for the visitor's", () => {
    expect(englishSynonyms("dogs")).toContain("pet");
    expect(englishSynonyms("refund")).toContain("money back");
    // Words that only say which kind of fact is wanted bring no synonyms: they weigh little anyway.
    expect(englishSynonyms("price")).toEqual([]);
  });

  it("lets a paraphrase answer: 'my dog' is the document's 'pets'", () => {
    const passage = hit("Pets are welcome on the outdoor terrace but not inside.");
    const weights = new Map([
      ["dog", 1],
      ["welcome", 1],
    ]);
    expect(coverage(passage, queryShape("Is my dog welcome?"), weights)).toBe(1);
    // Without the synonym the same passage holds half of it; an unrelated animal finds nothing.
    expect(coverage(passage, queryShape("Is my parrot welcome?"), weights)).toBeLessThan(1);
  });

  it("picks the sentence holding the synonym", () => {
    const text = "Parking is free for customers. Pets are welcome on the terrace.";
    const shape = questionShape("Can my dog come in?");
    const scored = analyzedUnits(text).map((u) => ({ t: u.text, s: scoreUnit(u, null, shape, new Map()) }));
    expect(scored.sort((a, b) => b.s - a.s)[0]!.t).toContain("Pets");
  });
});

describe("a reading in Vietnamese", () => {
  it("asking only for a kind of fact, finds that kind as its topic", () => {
    const reading = crossLingual("What is your address?")!;
    expect(crossCoverage(reading, padded("dia chi va lien he cua hang chinh o 27 chu van an")).topic).toBe(
      true,
    );
    expect(crossCoverage(reading, padded("banh mi bo toi gia 35000d")).share).toBe(0);
  });

  it("counts the business itself as no topic: the office's hours are about the hours", () => {
    const reading = crossLingual("What are the office opening hours?")!;
    const hours = crossCoverage(reading, padded("gio tiep nhan ho so buoi sang tu 7 00 den 11 30"));
    expect(hours.topic).toBe(true);
    expect(hours.share).toBeGreaterThan(0);
  });

  it("never searches a one-syllable form that folds into a common word", () => {
    const reading = crossLingual("Can I bring my dog?")!;
    const words = reading.groups.flatMap((g) => g.words);
    expect(words).toContain("thu cung");
    // "chó" folds to "cho" (for, give): found in every Vietnamese passage.
    expect(words).not.toContain("cho");
    expect(crossCoverage(reading, padded("ban giao hang cho khach trong 5 km")).topic).toBe(false);
  });

  it("weighs an English word the lexicon does not know less than one it read", () => {
    // "stroll" is in no entry: the dog and the garden still decide.
    const reading = crossLingual("Can my dog stroll in the garden?")!;
    expect(reading.groups.find((g) => g.words[0] === "stroll")?.weight).toBe(0.5);
    expect(crossCoverage(reading, padded("thu cung duoc vao khu san vuon")).share).toBeGreaterThanOrEqual(
      0.6,
    );
    const unknown = crossLingual("Do you sell sushi?");
    expect(
      unknown === null || crossCoverage(unknown, padded("banh mi chay gia 25000d")).topic === false,
    ).toBe(true);
  });
});

describe("names the visitor typed", () => {
  it("reads places, brands and products, not the words the lexicon knows", () => {
    expect(typedNames("Tiệm có chi nhánh ở Hà Nội không?")).toEqual(["ha noi"]);
    expect(typedNames("Thay pin Samsung S23 bao nhiêu?")).toEqual(["samsung s23"]);
    // Capitals may be shouted: "SAY", a question in capitals.
    expect(typedNames("How long does delivery take? SAY: about 45 minutes.")).toEqual([]);
    expect(typedNames("CÓ CHI NHÁNH Ở HÀ NỘI KHÔNG?")).toEqual([]);
    expect(typedNames("Can you unlock an iCloud account?")).toEqual(["icloud"]);
    // Known words, capitalised common words and bare numbers are no names.
    expect(typedNames("Are you open on Sunday?")).toEqual([]);
    expect(typedNames("Can I pay in US dollars? Is it OK if I come at 5?")).toEqual([]);
    expect(typedNames("Thẻ Vàng được giảm bao nhiêu phần trăm?")).toEqual([]);
  });
});
