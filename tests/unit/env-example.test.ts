import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configVariables } from "@/lib/config";

/** .env.example is the operator's list: every variable lib/config.ts reads is there, with a comment above it. */
describe(".env.example", () => {
  const text = readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
  const lines = text.split("\n");

  it("names every configuration variable, each explained by the comment above it", () => {
    expect(configVariables.length).toBeGreaterThan(40);
    const undocumented = configVariables.filter((name) => {
      const at = lines.findIndex((l) => new RegExp(`^#?\\s*${name}=`).test(l));
      if (at < 0) return true;
      // The variable's own comment, or a comment heading its group of lines.
      let i = at - 1;
      while (i >= 0 && /^#?\s*[A-Z][A-Z0-9_]*=/.test(lines[i]!)) i--;
      return i < 0 || !lines[i]!.startsWith("#");
    });
    expect(undocumented).toEqual([]);
  });

  it("names nothing the configuration does not read", () => {
    const named = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(named.filter((n) => !configVariables.includes(n))).toEqual([]);
  });
});
