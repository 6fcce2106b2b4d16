import "server-only";
import type { InvoiceLineRecord } from "@/lib/db/schema";
import { translate } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";
import { type Cycle, type Period, unusedCredit } from "./money";
import { planName } from "./plans";

/**
 * An invoice's lines (issue 43 item 13): stored as a message key and its values (plan id, cycle) with an
 * integer amount, and put into words in the reader's language when shown, so a Vietnamese owner never
 * reads "Beginner plan (yearly), change for the rest of the period". The lines of an invoice add up to its
 * total; a plan change bills the new plan for the rest of the period and credits the unused part of the old
 * one as a line of its own (a negative amount).
 */

export type InvoiceLine = InvoiceLineRecord;

type LinesSource = {
  kind: InvoiceLineRecord["key"];
  plan: string;
  cycle: string;
  total: number;
  lines: InvoiceLineRecord[] | null;
};

const cycleOf = (cycle: string): Cycle => (cycle === "yearly" ? "yearly" : "monthly");

/** The stored lines, or for a row written before lines were stored, the one line its kind describes. */
export function linesOf(row: LinesSource): InvoiceLine[] {
  if (row.lines && row.lines.length > 0) return row.lines;
  return [{ key: row.kind, plan: row.plan, cycle: cycleOf(row.cycle), amount: row.total }];
}

/** A line in words, in `locale`: "Gói Cơ bản (hằng tháng), đổi gói cho phần còn lại của chu kỳ". */
export function lineText(line: InvoiceLine, locale: Locale): string {
  return translate(locale, `billingApi.invoice.${line.key}`, {
    plan: planName(line.plan, locale),
    cycle: translate(locale, `billingApi.cycle.${cycleOf(line.cycle)}`),
  });
}

/**
 * The lines of a change charged now: the new plan for what it costs beyond the credit, and the credit for
 * the unused part of the current period (never more than the new plan's price, as the charge is never
 * negative). They add up to `charge` exactly, in minor units.
 */
export function changeLines(opts: {
  charge: number;
  to: { plan: string; cycle: Cycle; price: number };
  from: { plan: string; cycle: Cycle; paid: number; period: Period };
  at: Date;
}): InvoiceLine[] {
  const credit = Math.min(unusedCredit(opts.from.paid, opts.from.period, opts.at), opts.to.price);
  const lines: InvoiceLine[] = [
    { key: "change", plan: opts.to.plan, cycle: opts.to.cycle, amount: opts.charge + credit },
  ];
  if (credit > 0) {
    lines.push({ key: "unused_credit", plan: opts.from.plan, cycle: opts.from.cycle, amount: -credit });
  }
  return lines;
}
