import "server-only";
/**
 * Money is a whole number of the currency's minor unit (VND: đồng, it has no smaller unit; USD: cents) with
 * its currency. Every price rule that does arithmetic lives here, in integers; a float appears only inside
 * Intl when a number is shown.
 */

export const currencies = ["VND", "USD"] as const;
export type Currency = (typeof currencies)[number];

export const cycles = ["monthly", "yearly"] as const;
export type Cycle = (typeof cycles)[number];

export type Money = { readonly amount: number; readonly currency: Currency };

/** Digits after the decimal point of each currency's major unit (ISO 4217). */
export const minorUnitDigits: Readonly<Record<Currency, number>> = Object.freeze({ VND: 0, USD: 2 });

/** Yearly billing saves 20 % (spec §9). */
export const YEARLY_DISCOUNT_PERCENT = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

function assertMinorUnits(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`money must be a whole, non-negative number of minor units, got ${amount}`);
  }
}

/** a × b / c rounded half up, in integers (BigInt: the product of two prices and a day count can pass 2^53). */
function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * n + d) / (2n * d));
}

/**
 * The price of a year billed at once: monthly × 12 × (100 − 20) %, rounded to the currency's unit. The one
 * place the discount is computed; plans, invoices and the pricing page all ask it.
 */
export function yearlyAmount(monthly: number): number {
  assertMinorUnits(monthly);
  return mulDivRound(monthly, 12 * (100 - YEARLY_DISCOUNT_PERCENT), 100);
}

/** The price of one period of a cycle, from the plan's monthly price. */
export function cycleAmount(monthly: number, cycle: Cycle): number {
  if (cycle === "yearly") return yearlyAmount(monthly);
  assertMinorUnits(monthly);
  return monthly;
}

/** What a yearly price comes to per month, for display ("… a month, billed yearly"), rounded half up. */
export function perMonthOfYearly(yearly: number): number {
  assertMinorUnits(yearly);
  return mulDivRound(yearly, 1, 12);
}

/** The end of a period that starts at `start`: the same wall-clock instant one month or one year later (UTC). */
export function periodEnd(start: Date, cycle: Cycle): Date {
  const end = new Date(start.getTime());
  if (cycle === "yearly") {
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    // 29 February + 1 year is 1 March in Date arithmetic; the period ends on 28 February instead.
    if (end.getUTCMonth() !== start.getUTCMonth()) end.setUTCDate(0);
    return end;
  }
  const day = start.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  // 31 January + 1 month ends on the last day of February, not in March.
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export type Period = { readonly start: Date; readonly end: Date };

/**
 * Days of a period and the days of it still to come at `at`. A day that has begun counts as to come: whoever
 * upgrades at 23:00 gets (and pays for) the better plan that day too.
 */
export function periodDays(period: Period, at: Date): { total: number; remaining: number } {
  const total = Math.max(1, Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS));
  const left = Math.ceil((period.end.getTime() - at.getTime()) / DAY_MS);
  return { total, remaining: Math.min(total, Math.max(0, left)) };
}

/** The unused part of what was paid for a period, by day (a credit when the period is cut short). */
export function unusedCredit(paid: number, period: Period, at: Date): number {
  assertMinorUnits(paid);
  const { total, remaining } = periodDays(period, at);
  return mulDivRound(paid, remaining, total);
}

/**
 * What an upgrade within the same period costs: the difference between the two prices for the days left,
 * by day. Never negative: a cheaper plan takes effect at the period's end and refunds nothing.
 */
export function proratedUpgrade(from: number, to: number, period: Period, at: Date): number {
  assertMinorUnits(from);
  assertMinorUnits(to);
  if (to <= from) return 0;
  const { total, remaining } = periodDays(period, at);
  return mulDivRound(to - from, remaining, total);
}

/**
 * What starting a new period at once costs (monthly → yearly, with or without a better plan): the new
 * period's price less the unused part of the current one, never below zero.
 */
export function switchNowCharge(newPrice: number, paid: number, period: Period, at: Date): number {
  assertMinorUnits(newPrice);
  return Math.max(0, newPrice - unusedCredit(paid, period, at));
}

/** A minor-unit amount as the decimal string of its major unit ("1234" USD → "12.34"), exact. */
export function toMajorString(amount: number, currency: Currency): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money must be a whole number, got ${amount}`);
  const digits = minorUnitDigits[currency];
  const sign = amount < 0 ? "-" : "";
  const abs = String(Math.abs(amount));
  if (digits === 0) return `${sign}${abs}`;
  const padded = abs.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

const intlLocale = (locale: string) => (locale === "vi" ? "vi-VN" : "en-US");

/**
 * A price as people read it: "499.000 ₫" in vi, "₫499,000" in en, "$20.00" / "20,00 US$". Intl takes the exact
 * decimal string, so no float ever rounds a price.
 */
export function formatMoney(money: Money, locale: string): string {
  const digits = minorUnitDigits[money.currency];
  const format = new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: money.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(toMajorString(money.amount, money.currency) as unknown as number);
}
