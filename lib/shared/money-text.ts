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

const PRICE_WORD =
  /(?:^|[^\p{L}])(?:giá|đơn giá|giá bán|học phí|phí|thành tiền|price|prices|cost|fee|fees|amount|total)(?:$|[^\p{L}])/iu;
const VND_HINT = /(?:₫|vnđ|vnd|\bđồng\b|\(đ\)|\bđ\b)/iu;
const USD_HINT = /(?:\$|\busd\b)/iu;
const PLAIN = /^(?:\d{1,3}(?:[.,]\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * The currency a column's header says its plain numbers are in: "Giá (VNĐ)" and "Price (USD)" name it, and
 * a bare "Giá" / "Price" column is taken as đồng only for the whole, round amounts people price in đồng
 * (see localizeCell); any other header says nothing.
 */
export function columnCurrency(header: string): Currency | "price" | null {
  if (VND_HINT.test(header)) return "VND";
  if (USD_HINT.test(header)) return "USD";
  return PRICE_WORD.test(header) ? "price" : null;
}

/** A table cell written for the reader: an amount by its own sign, or a plain number by its column's header. */
export function localizeCell(header: string, text: string, language: "en" | "vi"): string {
  const own = readMoney(text);
  if (own) return writeMoney(own, language);
  const m = PLAIN.exec(text.trim());
  if (!m) return text;
  const column = columnCurrency(header);
  if (!column) return text;
  const digits = text.trim();
  if (column === "USD") {
    const frac = m[1] ?? "";
    const whole = (frac ? digits.slice(0, -frac.length - 1) : digits).replace(/[.,]/g, "");
    return writeMoney(
      { currency: "USD", minor: Number(whole) * 100 + Number(frac.padEnd(2, "0")) },
      language,
    );
  }
  if (m[1] !== undefined && !/^\d{1,3}(?:\.\d{3})+$/.test(digits)) return text;
  const minor = Number(digits.replace(/[.,]/g, ""));
  // A bare "Price" column: 350000 is đồng, 12 or 8.5 is not an amount we can name a currency for.
  if (column === "price" && (minor < 1000 || minor % 100 !== 0)) return text;
  return writeMoney({ currency: "VND", minor }, language);
}
