import { describe, expect, it } from "vitest";
import { localizeMoney, readMoney } from "@/lib/shared/money-text";

/** Issue 43 item 21: an amount in a document, written the way each reader expects. */
describe("money in a cell", () => {
  it.each([
    ["350.000 ₫", "350.000 ₫", "350,000 VND"],
    ["350000 VND", "350.000 ₫", "350,000 VND"],
    ["350,000đ", "350.000 ₫", "350,000 VND"],
    ["1.250.000 đồng", "1.250.000 ₫", "1,250,000 VND"],
    ["$8.00", "8,00 US$", "$8.00"],
    ["$1,200.50", "1.200,50 US$", "$1,200.50"],
    ["8,00 US$", "8,00 US$", "$8.00"],
  ])("%s → vi %s, en %s", (text, vi, en) => {
    expect(localizeMoney(text, "vi").replace(/\u00a0/g, " ")).toBe(vi);
    expect(localizeMoney(text, "en")).toBe(en);
  });

  it.each([
    "Bánh mì thịt",
    "350000",
    "12",
    "25,5 ₫",
    "$8 and ₫9",
    "Giảm 10%",
    "2024",
    "$",
    "₫ 350.000 mỗi hộp",
  ])("leaves %s as written", (text) => {
    expect(readMoney(text)).toBeNull();
    expect(localizeMoney(text, "en")).toBe(text);
  });
});
