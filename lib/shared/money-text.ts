/**
 * Amounts of money written in documents ("350.000 ₫", "350000 VND", "$8.00"), read back as an amount and
 * written again the way a reader of each language expects: 350.000 ₫ for Vietnamese, 350,000 VND for
 * English. Only a cell that is an amount and nothing else is touched; a sentence is quoted as written.
 */
export type Currency = "VND" | "USD";
export type Money = { currency: Currency; minor: number };

const VND_SIGN = /^(?:₫|đ|đồng|vnđ|vnd)$/i;
const USD_SIGN = /^(?:\$|us\$|usd)$/i;
const AMOUNT =
  /^(?<pre>\$|US\$)?\s?(?<int>\d{1,3}(?:[.,\u00a0 ]\d{3})+|\d+)(?:(?<sep>[.,])(?<frac>\d{1,2}))?\s?(?<post>₫|đ|đồng|VNĐ|VND|USD|US\$|\$)?$/iu;

/** The amount in `text` (a whole cell), or null when it is not one with a currency. */
export function readMoney(text: string): Money | null {
  const m = AMOUNT.exec(text.trim());
  if (!m?.groups) return null;
  const { pre, int, sep, frac, post } = m.groups;
  if (pre && post) return null;
  const sign = pre ?? post;
  if (!sign) return null;
  const currency: Currency | null = VND_SIGN.test(sign) ? "VND" : USD_SIGN.test(sign) ? "USD" : null;
  if (!currency) return null;
  const whole = int!.replace(/[.,\u00a0 ]/g, "");
  if (currency === "VND") {
    // The đồng has no subunit in use: "25.000 ₫" is twenty-five thousand, whatever the separator, and
    // "25,5 ₫" is not an amount anyone prices in.
    if (sep || frac) return null;
    return { currency, minor: Number(whole) };
  }
  return { currency, minor: Number(whole) * 100 + (frac ? Number(frac.padEnd(2, "0")) : 0) };
}

/** An amount as a reader of `language` writes it. */
export function writeMoney(money: Money, language: "en" | "vi"): string {
  if (money.currency === "VND") {
    const n = new Intl.NumberFormat(language === "vi" ? "vi-VN" : "en-US").format(money.minor);
    return language === "vi" ? `${n} ₫` : `${n} VND`;
  }
  return new Intl.NumberFormat(language === "vi" ? "vi-VN" : "en-US", {
    style: "currency",
    currency: "USD",
  }).format(money.minor / 100);
}

/** A cell's text with its amount written for the reader; any other text unchanged. */
export function localizeMoney(text: string, language: "en" | "vi"): string {
  const money = readMoney(text);
  return money ? writeMoney(money, language) : text;
}
