import { describe, expect, it } from "vitest";
import { tidy } from "@/lib/ingest/parse/text";
import { foldForSearch } from "@/lib/retrieval/fold";
import { replaceEvery } from "@/lib/shared/replace-every";

// The patterns replaceEvery is given (fold.ts, text.ts, chunk.ts), each with what it is replaced by.
const patterns: [RegExp, string][] = [
  [/\p{M}+/gu, ""],
  [/[đĐ]/g, "d"],
  [/[^\p{L}\p{N}]+/gu, " "],
  [/\r\n?/g, "\n"],
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern tidy strips control characters with
  [/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, ""],
  [/[^\S\n]+/g, " "],
  [/ ?\n ?/g, "\n"],
  [/\n{3,}/g, "\n\n"],
  [/[ \t\u00a0\f\v]+/g, " "],
];

const sample =
  " Thành phố Hồ Chí Minh,\r\n\r\n\r\nĐƯỜNG Lê Lợi…  A.A.B. \t\u00a0 50.000đ\n \n \n\u0007x\u200b😀 한국어 e\u0301 ";

describe("replaceEvery", () => {
  it.each(patterns)("gives what replace gives, on short and long texts (%s)", (pattern, by) => {
    // Long enough for split + join, short, and the empty text; matches at both ends of each.
    for (const text of [sample.repeat(3_000), sample, "", "đ", "\r\n\r"]) {
      expect(replaceEvery(text, pattern, by)).toBe(text.replace(pattern, by));
    }
  });

  it("leaves fold and tidy giving what their chains of plain replaces gave, on a long text", () => {
    const long = sample.repeat(3_000);
    expect(long.length).toBeGreaterThan(100_000);
    const fold = (t: string) =>
      t
        .normalize("NFD")
        .replace(/\p{M}+/gu, "")
        .replace(/[đĐ]/g, "d")
        .toLowerCase()
        .replace(/(\p{N})[.,](?=\p{N}{3}(?!\p{N}))/gu, "$1")
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .normalize("NFC")
        .trim();
    const tidied = (t: string) =>
      patterns
        .slice(3, 8)
        .reduce((out, [pattern, by]) => out.replace(pattern, by), t.normalize("NFC"))
        .trim();
    for (const text of [long, sample]) {
      expect(foldForSearch(text)).toBe(fold(text));
      expect(tidy(text)).toBe(tidied(text));
    }
  });
});
