import "server-only";
import { and, eq } from "drizzle-orm";
import { linesOf, lineText } from "@/lib/billing/invoice-lines";
import { type Currency, formatMoney } from "@/lib/billing/money";
import { isPlanId } from "@/lib/billing/plan-limits";
import { planById, planCatalogue } from "@/lib/billing/plans";
import type { Db } from "@/lib/db/client";
import { invoices, messageAllowance } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/routing";
import { agentUsage } from "@/lib/limits/agent-usage";
import { allowanceMonth } from "@/lib/limits/allowance";
import { currentLimits } from "@/lib/limits/entitlement";
import type { UsageMeterView } from "@/lib/shared/pricing";

/**
 * The workspace's usage against the limits of its owner's entitlement, for the billing overview's meters:
 * the month's messages of all its agents, and the documents of the agent the page acts on (`agentId`;
 * those limits are per agent).
 */
export async function usageMeters(
  database: Db,
  ownerId: string,
  agentId: string | null,
): Promise<UsageMeterView[]> {
  const [limits, allowance] = await Promise.all([
    currentLimits(database, ownerId),
    database
      .select({ used: messageAllowance.used })
      .from(messageAllowance)
      .where(and(eq(messageAllowance.ownerId, ownerId), eq(messageAllowance.month, allowanceMonth()))),
  ]);
  const usage = agentId ? await agentUsage(database, agentId) : { documents: 0, characters: 0 };
  return [
    { key: "messages", used: Number(allowance[0]?.used ?? 0), limit: limits.monthlyMessages },
    { key: "documents", used: usage.documents, limit: limits.documentsPerAgent },
    { key: "characters", used: usage.characters, limit: limits.charactersPerAgent },
  ];
}

/** Plan ids to their names in the page's language. */
export function planNames(locale: Locale): Record<string, string> {
  return Object.fromEntries(planCatalogue().map((p) => [p.id, p.name[locale]]));
}

export type PrintableInvoice = {
  number: string;
  status: string;
  dueDate: Date;
  issuedAt: Date;
  periodStart: Date;
  periodEnd: Date;
  /** each line in the reader's language with its amount, a credit negative; they add up to `total` */
  lines: { description: string; amount: string }[];
  paymentMethod: string | null;
  plan: string;
  cycle: string;
  total: string;
};

/** One of the owner's invoices by its number, for its printable page; null when it is not theirs. */
export async function printableInvoice(
  db: Db,
  ownerId: string,
  number: string,
  locale: Locale,
): Promise<PrintableInvoice | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.ownerId, ownerId), eq(invoices.number, number)));
  if (!row) return null;
  return {
    number: row.number,
    status: row.status,
    dueDate: row.dueDate,
    issuedAt: row.insertedAt,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    lines: linesOf(row).map((line) => ({
      description: lineText(line, locale),
      amount: formatMoney({ amount: line.amount, currency: row.currency as Currency }, locale),
    })),
    paymentMethod: row.paymentMethodLabel,
    plan: isPlanId(row.plan) ? planById(row.plan).name[locale] : row.plan,
    cycle: row.cycle,
    total: formatMoney({ amount: row.total, currency: row.currency as Currency }, locale),
  };
}
