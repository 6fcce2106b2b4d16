import { describe, expect, it } from "vitest";
import { planIds, plans } from "@/lib/billing/plan-limits";
import { decodeReason, planReason, planReasonKeys, reasonText, upgradePath } from "@/lib/ingest/agent-limits";
import en from "@/messages/en.json";

/** A stored plan reason keeps its plan and limit, and reads in each language with the number formatted there. */
describe("plan reasons", () => {
  it("round-trip through the error column and name the plan and limit in each language", () => {
    const stored = planReason("limit_characters", plans.free, plans.free.charactersPerAgent);
    expect(stored).toBe("limit_characters?plan=free&limit=2000000");
    expect(decodeReason(stored)).toEqual({
      key: "limit_characters",
      values: { plan: "free", limit: "2000000" },
      upgrade: true,
    });
    expect(reasonText("en", stored)).toBe(
      en.errors.limit_characters.replace("{plan}", "Free").replace("{limit}", "2,000,000"),
    );
    expect(reasonText("vi", stored)).toContain("Gói Miễn phí cho phép 2.000.000 ký tự");
    expect(upgradePath("vi")).toBe("/vi/pricing");
  });

  // Issue 43: "the errors.plan_beginner plan keeps at most 500,000 characters" reached paying owners.
  it.each([
    [
      "en",
      {
        free: "Free",
        beginner: "Beginner",
        starter: "Starter",
        business: "Business",
        enterprise: "Enterprise",
      },
    ],
    [
      "vi",
      {
        free: "Miễn phí",
        beginner: "Khởi đầu",
        starter: "Cơ bản",
        business: "Doanh nghiệp",
        enterprise: "Doanh nghiệp lớn",
      },
    ],
  ] as const)("name every plan in every reason in %s, with no raw key left", (locale, names) => {
    for (const key of planReasonKeys) {
      for (const plan of planIds) {
        const text = reasonText(locale, planReason(key, plans[plan], plans[plan].charactersPerDocument));
        expect(text, `${key} × ${plan}`).not.toMatch(/errors\.|plan_|[{}]/);
        expect(text, `${key} × ${plan}`).toContain(names[plan]);
      }
    }
  });

  it("says the Beginner plan's document limit in both languages", () => {
    const stored = planReason("ingest_truncated", plans.beginner, 500_000);
    expect(reasonText("en", stored)).toContain("the Beginner plan keeps at most 500,000 characters");
    expect(reasonText("vi", stored)).toContain("gói Khởi đầu");
    expect(reasonText("vi", stored)).toContain("500.000");
  });

  it("plain keys stay plain and offer no upgrade", () => {
    expect(decodeReason("ingest_pdf_no_text")).toEqual({
      key: "ingest_pdf_no_text",
      values: {},
      upgrade: false,
    });
    expect(reasonText("en", "ingest_pdf_no_text")).toBe(en.errors.ingest_pdf_no_text);
  });

  it("a hostile stored value cannot pass itself off as a plan reason's placeholders", () => {
    const r = decodeReason("ingest_file_empty?plan=<script>&limit=NaN");
    expect(r.upgrade).toBe(false);
    expect(reasonText("en", "ingest_file_empty?plan=x")).toBe(en.errors.ingest_file_empty);
  });
});
