import { describe, expect, it } from "vitest";
import { chunk } from "@/lib/retrieval/chunk";

const viSentences = [
  "Thành phố Hồ Chí Minh là thành phố lớn nhất Việt Nam.",
  "Chợ Bến Thành mở cửa từ 6 giờ sáng đến 6 giờ chiều!",
  "Bạn có muốn thử phở bò không?",
  "TP. Hồ Chí Minh có nhiều món ăn ngon…",
  "Giá vé vào cửa là 50.000đ mỗi người.",
];
const enSentences = [
  "The museum opens at 8 am on weekdays.",
  "Tickets cost 50,000 VND for adults.",
  "Dr. Smith leads the guided tour!",
  "Is parking available? Yes, behind the building.",
];

function paragraphs(n: number, sentencesPer: number, pool: string[]): string {
  const out: string[] = [];
  let k = 0;
  for (let p = 0; p < n; p++) {
    const s: string[] = [];
    for (let i = 0; i < sentencesPer; i++) s.push(`[${p}.${i}] ${pool[k++ % pool.length]}`);
    out.push(s.join(" "));
  }
  return out.join("\n\n");
}

/** Every word of the input, in order, must be somewhere in the passages (nothing lost, nothing cut). */
function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

describe("chunk", () => {
  it("keeps a short section as one passage with its heading", () => {
    const out = chunk([{ heading: "  Giờ   mở cửa ", text: "Từ 7h đến 21h.\n\nCả cuối tuần." }]);
    expect(out).toEqual([{ ordinal: 0, heading: "Giờ mở cửa", content: "Từ 7h đến 21h.\n\nCả cuối tuần." }]);
  });

  it("makes passages of 800 to 1,200 characters from long text, split at paragraph or sentence ends", () => {
    const text = paragraphs(30, 6, viSentences);
    const out = chunk([{ heading: "Du lịch", text }]);
    expect(out.length).toBeGreaterThan(5);
    for (const p of out.slice(0, -1)) {
      expect(p.content.length).toBeGreaterThanOrEqual(800);
      expect(p.content.length).toBeLessThanOrEqual(1200);
    }
    expect(out.at(-1)!.content.length).toBeLessThanOrEqual(1200);
    for (const p of out) {
      expect(p.heading).toBe("Du lịch");
      // Starts and ends at sentence boundaries: the marker "[p.i]" opens every sentence here.
      expect(p.content).toMatch(/^\[\d+\.\d+\] /);
      expect(p.content).toMatch(/[.!?…]$/);
    }
    expect(out.map((p) => p.ordinal)).toEqual(out.map((_, i) => i));
  });

  it("loses no word and cuts none, and overlaps by about one sentence", () => {
    const text = paragraphs(12, 9, enSentences);
    const out = chunk([{ heading: null, text }]);
    const all = out.flatMap((p) => words(p.content));
    const inputWords = new Set(words(text));
    for (const w of all) expect(inputWords.has(w)).toBe(true);
    for (const w of inputWords) expect(all).toContain(w);
    let overlaps = 0;
    for (let i = 1; i < out.length; i++) {
      const prevLast = out[i - 1]!.content.split(/\s(?=\[\d+\.\d+\])/).at(-1)!;
      if (out[i]!.content.startsWith(prevLast)) overlaps++;
      expect(prevLast.length).toBeLessThan(300);
    }
    expect(overlaps).toBeGreaterThan(0);
  });

  it("does not split after abbreviations or inside numbers", () => {
    const text = `${"Lorem ipsum dolor sit amet. ".repeat(40)}TP. Hồ Chí Minh có 50.000 người đến. Dr. Smith agreed.`;
    const out = chunk([{ heading: null, text }], { minChars: 100, maxChars: 200, overlapChars: 0 });
    const joined = out.map((p) => p.content);
    expect(joined.some((c) => c.includes("TP. Hồ Chí Minh có 50.000 người đến."))).toBe(true);
    expect(joined.some((c) => c.includes("Dr. Smith agreed."))).toBe(true);
  });

  it("cuts a sentence longer than a passage between words, never inside one", () => {
    const long = Array.from({ length: 600 }, (_, i) => `từ${i}`).join(" ");
    const out = chunk([{ heading: "Dài", text: long }]);
    expect(out.length).toBeGreaterThan(2);
    const all = out.flatMap((p) => words(p.content));
    for (const w of all) expect(w).toMatch(/^từ\d+$/);
    expect(new Set(all).size).toBe(600);
    for (const p of out) expect(p.content.length).toBeLessThanOrEqual(1200);
  });

  it("cuts a single word longer than a passage (a pasted blob) instead of looping", () => {
    const out = chunk([{ heading: null, text: "x".repeat(3000) }]);
    expect(out.map((p) => p.content.length)).toEqual([1200, 1200, 600]);
  });

  it("keeps line breaks of tables and lists", () => {
    const rows = Array.from({ length: 5 }, (_, i) => `Món: Phở ${i}; Giá: ${i}0.000đ`).join("\n");
    const [p] = chunk([{ heading: "Thực đơn", text: rows }]);
    expect(p!.content).toBe(rows);
  });

  it("numbers passages across sections and never mixes sections in one passage", () => {
    const out = chunk([
      { heading: "A", text: paragraphs(8, 6, enSentences) },
      { heading: null, text: "   \n\n  " },
      { heading: "B", text: "Short section B." },
    ]);
    expect(out.map((p) => p.ordinal)).toEqual(out.map((_, i) => i));
    expect(out.at(-1)).toMatchObject({ heading: "B", content: "Short section B." });
    expect(out.filter((p) => p.heading === "B")).toHaveLength(1);
    expect(out.every((p) => p.content.trim().length > 0)).toBe(true);
  });

  it("is deterministic", () => {
    const sections = [
      { heading: "Một", text: paragraphs(20, 5, viSentences) },
      { heading: "Two", text: paragraphs(20, 5, enSentences) },
    ];
    expect(chunk(sections)).toEqual(chunk(structuredClone(sections)));
  });

  it("normalises to NFC and CRLF to LF", () => {
    const [p] = chunk([{ heading: "Ph\u1EDF".normalize("NFD"), text: "Ph\u1EDF bò\r\nngon" }]);
    expect(p!.heading).toBe("Phở");
    expect(p!.content).toBe("Phở bò\nngon");
    expect(p!.content.normalize("NFC")).toBe(p!.content);
  });

  it("returns nothing for empty input and refuses absurd limits", () => {
    expect(chunk([])).toEqual([]);
    expect(chunk([{ heading: "H", text: "" }])).toEqual([]);
    expect(() => chunk([{ heading: null, text: "a" }], { maxChars: 10 })).toThrow(RangeError);
  });
});
