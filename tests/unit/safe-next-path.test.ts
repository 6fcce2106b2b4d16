import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/shared/pricing";

describe("where sign-in may send people on to", () => {
  it("keeps a path of this site", () => {
    expect(safeNextPath("/pricing?plan=starter&cycle=yearly")).toBe("/pricing?plan=starter&cycle=yearly");
    expect(safeNextPath("/billing")).toBe("/billing");
  });

  it("refuses anything a browser would read as another site, or that is no path", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\\/evil.example",
      "/x\u007f",
      "https://evil.example",
      "evil.example",
      "",
      "/".repeat(301),
      42,
      null,
      undefined,
    ]) {
      expect(safeNextPath(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
