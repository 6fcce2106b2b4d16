import { describe, expect, it } from "vitest";
import { limitsFor, planOf, plans } from "@/lib/billing/plan-limits";

describe("plan limits", () => {
  it("gives every owner the free plan's values until billing arrives", () => {
    expect(limitsFor({ id: "00000000-0000-0000-0000-000000000001" })).toEqual({
      plan: "free",
      crawlPagesPerSite: 50,
      maxFileBytes: 1_048_576,
      maxFilesPerUpload: 20,
      documentsPerAgent: 100,
      charactersPerAgent: 2_000_000,
      charactersPerDocument: 500_000,
      monthlyMessages: 200,
    });
    expect(planOf({ id: "x" })).toBe("free");
  });

  it("answers the same plan for a signed-out caller", () => {
    expect(limitsFor(null)).toBe(plans.free);
    expect(limitsFor(undefined)).toBe(limitsFor({ id: "someone" }));
  });

  it("cannot be changed by a caller", () => {
    const limits = limitsFor(null) as { maxFileBytes: number };
    expect(() => {
      limits.maxFileBytes = 10 * 1_048_576;
    }).toThrow(TypeError);
    expect(limitsFor(null).maxFileBytes).toBe(1_048_576);
    expect(Object.isFrozen(plans)).toBe(true);
  });

  it("has positive whole numbers for every limit", () => {
    for (const [key, value] of Object.entries(plans.free)) {
      if (key === "plan") continue;
      expect(Number.isInteger(value), key).toBe(true);
      expect(value as number, key).toBeGreaterThan(0);
    }
  });
});
