import { describe, expect, it } from "vitest";
import { formatLite } from "@/lib/i18n/lite";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

/** The namespaces the lite translator reads (root, public chat and owner layouts hand them down). */
const LITE_NAMESPACES = ["errorPage", "chatUi", "publicChat"] as const;

const strings = (node: unknown): string[] =>
  typeof node === "string" ? [node] : Object.values(node as object).flatMap(strings);

describe("the lite translator (lib/i18n/lite.tsx)", () => {
  it("fills {name} placeholders, leaves unknown ones and other braces alone", () => {
    expect(formatLite("Source {n}", { n: 3 })).toBe("Source 3");
    expect(formatLite("{count} of {max} characters", { count: 3900, max: 4000 })).toBe(
      "3900 of 4000 characters",
    );
    expect(formatLite("Hello {who}", {})).toBe("Hello {who}");
    expect(formatLite("a {b} c", { b: "$&" })).toBe("a $& c");
  });

  it("is only given messages it can format: no ICU plural, select or number syntax", () => {
    for (const [locale, catalogue] of Object.entries({ en, vi })) {
      for (const ns of LITE_NAMESPACES) {
        const texts = strings(catalogue[ns]);
        expect(texts.length, `${locale}.${ns}`).toBeGreaterThan(0);
        const icu = texts.filter((t) => /\{\s*\w+\s*,/.test(t));
        expect(icu, `${locale}.${ns}`).toEqual([]);
      }
    }
  });
});
