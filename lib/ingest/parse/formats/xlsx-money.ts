import "server-only";
import { type Currency, writeMoney } from "../../../shared/money-text.ts";
import { walkXml } from "../xml.ts";
import type { ZipReader } from "../zip.ts";

/**
 * Which cell styles of a workbook show money, and in which currency: a number stored as 350000 in a cell
 * formatted `#,##0 "₫"` is read as the amount it shows ("350.000 ₫"), so answers can write it for their
 * reader (lib/shared/money-text.ts). Built-in formats 5–8 and 37–44 depend on the machine's locale and
 * name no currency: left as numbers.
 */
export function moneyStyles(zip: ZipReader): Map<number, Currency> {
  const xml = zip.readText("xl/styles.xml");
  const styles = new Map<number, Currency>();
  if (!xml) return styles;
  const formats = new Map<string, Currency>();
  let inCellXfs = false;
  let xfIndex = 0;
  walkXml(xml, "xl/styles.xml", {
    open: (name, a) => {
      if (name === "numFmt" && a.numFmtId && a.formatCode) {
        const currency = currencyOfFormat(a.formatCode);
        if (currency) formats.set(a.numFmtId, currency);
      } else if (name === "cellXfs") {
        inCellXfs = true;
        xfIndex = 0;
      } else if (name === "xf" && inCellXfs) {
        const currency = formats.get(a.numFmtId ?? "");
        if (currency) styles.set(xfIndex, currency);
        xfIndex++;
      }
    },
    close: (name) => {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return styles;
}

/** The currency a number format shows, from its symbol or code outside quoted literals' meaning. */
export function currencyOfFormat(code: string): Currency | null {
  if (/₫|\[\$đ|"đ"|\bVND\b|"VNĐ"|\[\$VND/i.test(code)) return "VND";
  if (/\[\$\$|"\$"|\\\$|\$#|\$\s?#|\bUSD\b|\[\$USD/i.test(code) || /^\$/.test(code)) return "USD";
  return null;
}

/** A money cell's number as the amount it shows, written the document's way (Vietnamese for the đồng). */
export function moneyCellText(value: string, currency: Currency): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return currency === "VND"
    ? writeMoney({ currency, minor: Math.round(n) }, "vi")
    : writeMoney({ currency, minor: Math.round(n * 100) }, "en");
}
