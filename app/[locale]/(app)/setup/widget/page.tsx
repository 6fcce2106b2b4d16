import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { WidgetSetup } from "@/components/widget/widget-setup";
import { ownerView } from "@/lib/agents/agent";
import { cheapestPlanWhere, planName } from "@/lib/billing/plans";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { currentLimits } from "@/lib/limits/entitlement";
import { titledPageMetadata } from "@/lib/seo/metadata";
import { pageWorkspace } from "@/lib/server/page-agent";
import { pageSession } from "@/lib/server/page-session";
import { db } from "@/lib/server/runtime";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "nav.widget", parent) : {};
}

/** Setup → Website widget (BEYOND-1). */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("widgetSetup");
  const session = await pageSession();
  const database = await db();
  // Read here when the owner is known, so the form arrives filled; with only a renewal token the browser
  // renews first and loads the agent itself (the plan's branding choice then shows as not allowed until
  // the next visit, which is the safe side).
  const chosen = session.state === "signed-in" ? (await pageWorkspace(session.account.id)).agent : null;
  const initial = chosen ? ownerView(chosen, locale) : session.state === "signed-in" ? null : undefined;
  // The agent spends its workspace owner's plan.
  const canHideBranding = chosen ? (await currentLimits(database, chosen.ownerId)).canHideBranding : false;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <WidgetSetup
        initial={initial}
        appUrl={config().APP_URL}
        canHideBranding={canHideBranding}
        brandingPlan={planName(
          cheapestPlanWhere((limits) => limits.canHideBranding),
          locale,
        )}
      />
    </div>
  );
}
