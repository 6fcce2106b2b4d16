import { describe, expect, it } from "vitest";
import { crossCoverage, crossLingual, englishBases } from "@/lib/retrieval/lexicon";
import { LEXICON_LINES } from "@/lib/retrieval/lexicon-entries";
import { analyzedUnits, questionShape, scoreUnit } from "@/lib/retrieval/match";

/** Issue 44 items 1 and 2: the bilingual lexicon's readings and the sentence a question wants. */
const padded = (folded: string) => ` ${folded} `;
const groupsOf = (q: string) => crossLingual(q)?.groups.map((g) => g.words) ?? [];

describe("the lexicon", () => {
  it("holds several hundred entries, Vietnamese written with its diacritics", () => {
    const entries = LEXICON_LINES.split("\n").filter((l) => l.includes("="));
    expect(entries.length).toBeGreaterThanOrEqual(250);
    const vietnamese = entries.map((l) => l.split("=")[1]!).join(" ");
    expect(vietnamese).toContain("chủ nhật");
    expect(vietnamese).toContain("đậu xe");
    for (const line of entries) expect(line.split("=")).toHaveLength(2);
  });

  it("meets English inflections at their base form", () => {
    expect(englishBases("opens")).toContain("open");
    expect(englishBases("charges")).toContain("charge");
    expect(englishBases("deliveries")).toContain("delivery");
    expect(englishBases("parked")).toContain("park");
    expect(englishBases("opening")).toContain("open");
  });

  it("reads an English question in Vietnamese, longest phrase first", () => {
    const reading = crossLingual("How much does the garlic butter bread cost?")!;
    expect(reading.target).toBe("vi");
    expect(reading.text).toContain("bánh mì bơ tỏi");
    expect(groupsOf("How much does the garlic butter bread cost?")).toContainEqual(["banh mi bo toi"]);
    expect(crossLingual("What time do you open on Sunday?")!.text).toContain("chủ nhật");
    expect(crossLingual("Do you have car parking?")!.text).toMatch(/ô tô.*|đậu xe/);
  });

  it("keeps names, brands and codes as they are typed", () => {
    const reading = crossLingual("Do you accept MoMo?")!;
    const momo = reading.groups.find((g) => g.words.includes("momo"))!;
    expect(momo).toBeDefined();
    const code = crossLingual("How much is B02?")!.groups.find((g) => g.literal)!;
    expect(code.words).toEqual(["b02"]);
    expect(code.weight).toBeGreaterThan(1);
  });

  it("reads a Vietnamese question in English, without folding one syllable into another word", () => {
    expect(crossLingual("Chủ nhật mở cửa mấy giờ?")!.text).toContain("sunday");
    // "bán" alone typed without marks is too ambiguous to translate ("ban": you, table, sell).
    expect(crossLingual("ban co khong")).toBeNull();
  });

  it("knows nothing of gibberish or hostile input, and stays bounded", () => {
    expect(crossLingual("")).toBeNull();
    expect(crossLingual("'; drop table passages; --")?.text ?? "").not.toMatch(/[;']/);
    const long = "parking ".repeat(5000);
    const started = performance.now();
    crossLingual(long);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("judges a passage by entries: any of an entry's words counts, a topic must be found", () => {
    const reading = crossLingual("Do you have car parking?")!;
    const car = crossCoverage(reading, padded("tiem co cho dau o to mien phi ngay truoc cua"));
    expect(car.topic).toBe(true);
    expect(car.share).toBe(1);
    const pizza = crossLingual("Do you sell pizza?");
    expect(pizza === null || crossCoverage(pizza, padded("banh mi bo toi gia 35000d")).share < 0.6).toBe(
      true,
    );
  });
});

describe("the sentence a question wants", () => {
  const score = (q: string, text: string) => {
    const shape = questionShape(q);
    return analyzedUnits(text).map((u) => ({ text: u.text, score: scoreUnit(u, null, shape, new Map()) }));
  };
  const best = (q: string, text: string) => score(q, text).sort((a, b) => b.score - a.score)[0]!.text;

  it("a price question takes the sentence with the amount", () => {
    const text =
      "Baking classes take place every Saturday morning from 9:00 to 12:00. A baking class costs 450,000 VND per person.";
    expect(best("How much is a baking class?", text)).toContain("450,000 VND");
  });

  it("a how-long question takes the one with a duration, a where question the address", () => {
    const text =
      "Đăng ký khai sinh tại bộ phận một cửa. Đăng ký khai sinh được giải quyết trong 3 ngày làm việc.";
    expect(best("Đăng ký khai sinh mất bao lâu?", text)).toContain("3 ngày");
    const where = "Phòng khám nhận khám từ thứ Hai. Phòng khám ở số 45 đường Lê Lợi, phường Bến Nghé.";
    expect(best("Phòng khám ở đâu?", where)).toContain("số 45");
  });

  it('"chu" of "chủ nhật" is not "chữ" on a cake', () => {
    const text = "Chủ nhật tiệm mở cửa từ 7:00 đến 12:00. Có thể ghi chữ lên bánh kem miễn phí.";
    const scored = score("con chu nhat thi sao", text);
    expect(scored[1]!.score).toBe(0);
    expect(scored[0]!.score).toBeGreaterThan(0);
  });
});
