import { describe, expect, it } from "vitest";
import { pdfSections } from "@/lib/ingest/parse/formats/pdf-headings";

/** A PDF's text layer breaks lines where the page wrapped them; a sentence is learned whole. */
const body = (text: string) => ({ text, size: 10 });

describe("PDF lines the page wrapped", () => {
  it("joins a line cut mid-sentence with its lower-case continuation", () => {
    const [section] = pdfSections([
      [
        body("Students who miss a class can attend a make-up lesson with another group of the same"),
        body("level within two weeks."),
        body("Each student may take at most three make-up lessons per course."),
      ],
    ]);
    expect(section!.text).toContain("with another group of the same level within two weeks.\n");
    expect(section!.text).toContain("\nEach student may take at most three");
  });

  it("keeps lines the author ended, list items and capitalised starts apart", () => {
    const [section] = pdfSections([
      [body("Giờ mở cửa:"), body("- sáng từ 7:00"), body("Phí giao hàng 15.000đ"), body("Chủ nhật nghỉ")],
    ]);
    expect(section!.text).toBe("Giờ mở cửa:\n- sáng từ 7:00\nPhí giao hàng 15.000đ\nChủ nhật nghỉ\n");
  });

  it("reads only the last line of a long section to decide (no quadratic work)", () => {
    const lines = Array.from({ length: 40_000 }, (_, i) =>
      body(i % 2 ? "continued here." : `Line ${i} runs on`),
    );
    const started = performance.now();
    const [section] = pdfSections([lines]);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(section!.text.split("\n")[0]).toBe("Line 0 runs on continued here.");
  });
});
