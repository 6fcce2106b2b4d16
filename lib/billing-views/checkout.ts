import "server-only";
import { paymentOf } from "@/lib/billing/checkout";
import { liveBilling } from "@/lib/billing/live";
import { type Currency, formatMoney } from "@/lib/billing/money";
import { isPlanId } from "@/lib/billing/plan-limits";
import { planById } from "@/lib/billing/plans";
import type { Locale } from "@/lib/i18n/routing";

export type CheckoutView = {
  status: string;
  planName: string;
  cycle: "monthly" | "yearly";
  amount: string;
  /** the provider is the built-in sandbox: the page takes test cards and says "Test mode" */
  sandbox: boolean;
};

/** What the checkout page shows for the owner's own token; null for another owner's or an unknown one. */
export async function checkoutView(
  ownerId: string,
  token: string,
  locale: Locale,
): Promise<CheckoutView | null> {
  const { db, provider } = await liveBilling();
  const payment = await paymentOf(db, provider, ownerId, token);
  if (!payment) return null;
  return {
    status: payment.status,
    planName: isPlanId(payment.plan) ? planById(payment.plan).name[locale] : payment.plan,
    cycle: payment.cycle,
    amount: formatMoney({ amount: payment.amount, currency: payment.currency as Currency }, locale),
    sandbox: provider.testMode,
  };
}
