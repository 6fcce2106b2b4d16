import { describe, expect, it } from "vitest";
import { localizeCell, localizeMoney, readMoney } from "@/lib/shared/money-text";

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

/** A CSV's plain numbers are money when their column's header says so. */
describe("money by its column", () => {
  it.each([
    ["Giá (VNĐ)", "350000", "350.000 ₫", "350,000 VND"],
    ["Price (VND)", "1250000", "1.250.000 ₫", "1,250,000 VND"],
    ["Đơn giá (đ)", "45.000", "45.000 ₫", "45,000 VND"],
    ["Giá", "350000", "350.000 ₫", "350,000 VND"],
    ["Price", "45,000", "45.000 ₫", "45,000 VND"],
    ["Price (USD)", "8.5", "8,50 US$", "$8.50"],
    ["Fee ($)", "1,200", "1.200,00 US$", "$1,200.00"],
    ["Price (USD)", "1.250", "1.250,00 US$", "$1,250.00"],
    ["Price (USD)", "1,250.75", "1.250,75 US$", "$1,250.75"],
    ["Ghi chú", "350.000 ₫", "350.000 ₫", "350,000 VND"],
  ])("%s: %s → vi %s, en %s", (header, text, vi, en) => {
    expect(localizeCell(header, text, "vi").replace(/\u00a0/g, " ")).toBe(vi);
    expect(localizeCell(header, text, "en")).toBe(en);
  });

  it.each([
    ["Số lượng", "350000"],
    ["Năm", "2024"],
    ["Giá", "12"],
    ["Price", "8.5"],
    ["Giá", "350001"],
    ["Price (VND)", "25,5"],
    ["Mã sản phẩm", "100200"],
    ["Priceless notes", "350000"],
    ["Giá", "liên hệ"],
    ["Giá (VNĐ)", "350000 mỗi hộp"],
  ])("%s: leaves %s as written", (header, text) => {
    expect(localizeCell(header, text, "en")).toBe(text);
    expect(localizeCell(header, text, "vi")).toBe(text);
  });
});
