import type { Metadata, ResolvingMetadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { PaymentCheck } from "@/components/billing/payment-check";
import { PricingPlans } from "@/components/billing/pricing-plans";
import { PageHeader } from "@/components/shell/page-header";
import { readCookieStore } from "@/lib/auth/cookies";
import { paymentsSetUp } from "@/lib/billing/plans";
import { currentPlanOf, pricingCurrency, pricingPlans } from "@/lib/billing-views/pricing";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { titledPageMetadata } from "@/lib/seo/metadata";
import { pageSession } from "@/lib/server/page-session";
import { db } from "@/lib/server/runtime";
import type { PricingCycle } from "@/lib/shared/pricing";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "nav.pricing", parent) : {};
}

/** BILL-2: the plans rendered on the server; the client only switches the cycle and starts a checkout. */
export default async function PricingPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const locale = await pageLocale(params);
  const t = await getTranslations("pricing");
  const query = await searchParams;
  const session = await pageSession();
  const signedIn = session.state === "signed-in";
  const currentPlan =
    session.state === "signed-in" ? await currentPlanOf(await db(), session.account.id) : null;
  const { currency, switchable } = pricingCurrency(locale, currentPlan?.currency ?? null, query.currency);
  const plans = await pricingPlans(locale, currency);
  const paymentToken = signedIn ? readCookieStore(await cookies(), "payment_token") : undefined;
  // The toggle opens on the cycle asked for, else on the cycle the owner pays.
  const cycle: PricingCycle =
    query.cycle === "yearly" || query.cycle === "monthly" ? query.cycle : (currentPlan?.cycle ?? "monthly");
  const resume =
    query.continue === "1" && typeof query.plan === "string" && plans.some((p) => p.id === query.plan)
      ? { plan: query.plan, cycle }
      : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {paymentToken && (
        <PaymentCheck token={paymentToken} planNames={Object.fromEntries(plans.map((p) => [p.id, p.name]))} />
      )}
      <PricingPlans
        plans={plans}
        currency={currency}
        currencySwitch={switchable}
        signedIn={signedIn}
        currentPlan={currentPlan}
        initialCycle={cycle}
        resume={resume}
        contactEmail={session.state === "signed-in" ? (session.account.email ?? undefined) : undefined}
        paymentsReady={paymentsSetUp()}
      />
    </div>
  );
}
