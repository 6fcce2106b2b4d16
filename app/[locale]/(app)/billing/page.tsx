import type { Metadata, ResolvingMetadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { BillingView } from "@/components/billing/billing-view";
import { PageHeader } from "@/components/shell/page-header";
import { readCookieStore } from "@/lib/auth/cookies";
import { planNames, usageMeters } from "@/lib/billing-views/billing";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { titledPageMetadata } from "@/lib/seo/metadata";
import { pageBillingAccount, pageWorkspace } from "@/lib/server/page-agent";
import { pageSession } from "@/lib/server/page-session";
import { db } from "@/lib/server/runtime";
import { type BillingTab, billingTabs } from "@/lib/shared/pricing";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "nav.billing", parent) : {};
}

/** BILL-5: the owner's plan, payment methods and invoices; the tab is in the address. */
export default async function BillingPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const locale = await pageLocale(params);
  const t = await getTranslations("billing");
  const requested = (await searchParams).tab;
  const tab: BillingTab = billingTabs.find((k) => k === requested) ?? "overview";
  const session = await pageSession();
  // A page rendered with only a renewal token has no owner yet: the browser renews and reloads its lists.
  const signedIn = session.state === "signed-in";
  const account = signedIn ? await pageBillingAccount(session.account.id) : null;
  if (signedIn && !account) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t("title")} subtitle={t("membersOnly")} />
      </div>
    );
  }
  const agentId = signedIn ? ((await pageWorkspace(session.account.id)).agent?.id ?? null) : null;
  const meters = account ? await usageMeters(await db(), account, agentId) : [];
  const paymentToken =
    session.state === "signed-in" ? readCookieStore(await cookies(), "payment_token") : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <BillingView
        initialTab={tab}
        meters={meters}
        planNames={planNames(locale)}
        paymentToken={paymentToken}
      />
    </div>
  );
}
