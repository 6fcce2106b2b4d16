import { describe, expect, it } from "vitest";
import { passageUnits } from "@/lib/retrieval/match";

describe("a passage's quotable units", () => {
  it("keeps a question with the sentence that answers it, across lines", () => {
    const units = passageUnits(
      "Do you have parking for bicycles?\n\nYes, there is free bike parking behind the shop. We open at 7.",
    );
    expect(units.map((u) => u.text)).toEqual([
      "Do you have parking for bicycles? Yes, there is free bike parking behind the shop.",
      "We open at 7.",
    ]);
  });

  it("keeps questions in a row together, and a last question with nothing after it on its own", () => {
    const units = passageUnits("Có chỗ đậu xe không? Có giữ xe máy không? Có, miễn phí.\nGiao hàng không?");
    expect(units.map((u) => u.text)).toEqual([
      "Có chỗ đậu xe không? Có giữ xe máy không? Có, miễn phí.",
      "Giao hàng không?",
    ]);
  });

  it("never joins a question to a spreadsheet row", () => {
    const units = passageUnits("What does it cost?\nProduct: Latte; Price: 45,000 VND");
    expect(units.map((u) => [u.text, u.row !== null])).toEqual([
      ["What does it cost?", false],
      ["Product: Latte; Price: 45,000 VND", true],
    ]);
  });
});
