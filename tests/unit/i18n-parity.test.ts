import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

// An argument is `{name}` or `{name, plural, …}`; the text inside a plural's branches is not one.
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe("messages/en.json and messages/vi.json", () => {
  const enLeaves = leaves(en as Tree);
  const viLeaves = leaves(vi as Tree);

  it("have exactly the same keys", () => {
    const missingInVi = [...enLeaves.keys()].filter((k) => !viLeaves.has(k));
    const missingInEn = [...viLeaves.keys()].filter((k) => !enLeaves.has(k));
    expect({ missingInVi, missingInEn }).toEqual({ missingInVi: [], missingInEn: [] });
  });

  it("have no empty text", () => {
    const empty = [...enLeaves, ...viLeaves].filter(([, v]) => v.trim() === "").map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it("use the same placeholders per key", () => {
    const differing = [...enLeaves.keys()]
      .filter((k) => viLeaves.has(k))
      .filter((k) => placeholders(enLeaves.get(k)!).join() !== placeholders(viLeaves.get(k)!).join());
    expect(differing).toEqual([]);
  });

  it("are really translated (few identical texts, and only names)", () => {
    const same = [...enLeaves.keys()].filter((k) => enLeaves.get(k) === viLeaves.get(k));
    // Language names are written in their own language in both catalogues; column "IME" is a term.
    // "API" is the same word in Vietnamese.
    expect(same.sort()).toEqual([
      "apiKeys.historyBadge",
      "keyboard.columns.composing",
      "language.en",
      "language.vi",
    ]);
  });
});
