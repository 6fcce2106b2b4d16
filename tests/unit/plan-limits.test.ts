import { describe, expect, it } from "vitest";
import {
  allowedModelIds,
  limitsFor,
  type PlanLimits,
  planIds,
  planOf,
  plans,
} from "@/lib/billing/plan-limits";

describe("plan limits", () => {
  it("gives every owner the free plan until billing arrives: the spec's 1 MB files, the default model, branding shown", () => {
    const free = limitsFor({ id: "00000000-0000-0000-0000-000000000001" });
    expect(free).toBe(plans.free);
    expect(free).toMatchObject({
      plan: "free",
      maxFileBytes: 1_048_576,
      modelChoice: "default",
      canHideBranding: false,
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
    for (const limits of Object.values(plans)) {
      for (const [key, value] of Object.entries(limits)) {
        if (key === "plan" || key === "modelChoice" || key === "canHideBranding") continue;
        expect(Number.isInteger(value), `${limits.plan}.${key}`).toBe(true);
        expect(value as number, `${limits.plan}.${key}`).toBeGreaterThan(0);
      }
      expect(["default", "any"]).toContain(limits.modelChoice);
      expect(typeof limits.canHideBranding).toBe("boolean");
    }
  });

  it("never gives a dearer plan less than a cheaper one", () => {
    const order = planIds.map((id) => plans[id]);
    for (let i = 1; i < order.length; i++) {
      for (const [key, value] of Object.entries(order[i]!)) {
        if (typeof value !== "number") continue;
        expect(value, `${order[i]!.plan}.${key}`).toBeGreaterThanOrEqual(
          order[i - 1]![key as keyof PlanLimits] as number,
        );
      }
      expect(order[i]!.plan).toBe(planIds[i]);
      expect(Object.isFrozen(order[i])).toBe(true);
    }
  });

  it("lets the free plan choose only the default model, paid plans any", () => {
    expect(allowedModelIds(plans.free, ["a", "b"])).toEqual(["a"]);
    expect(allowedModelIds(plans.starter, ["a", "b"])).toEqual(["a", "b"]);
    expect(allowedModelIds(plans.free, [])).toEqual([]);
    expect(plans.free.canHideBranding).toBe(false);
    expect(plans.starter.canHideBranding).toBe(true);
  });
});
