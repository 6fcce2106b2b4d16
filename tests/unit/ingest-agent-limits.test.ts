import { describe, expect, it } from "vitest";
import { plans } from "@/lib/billing/plan-limits";
import { decodeReason, planReason, reasonText, upgradePath } from "@/lib/ingest/agent-limits";
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
