import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { WidgetSettingsPanel } from "@/components/widget/widget-settings";
import { ownerAgent } from "@/lib/agents/agent";
import { pageSession } from "@/lib/auth/page-session";
import { currentLimits } from "@/lib/billing/entitlement";
import { config } from "@/lib/config";
import { Link } from "@/lib/i18n/navigation";
import { pageLocale } from "@/lib/i18n/page";
import { db } from "@/lib/server/runtime";

/** Setup → Website widget (BEYOND-1). */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("widgetSetup");
  const session = await pageSession();
  const database = await db();
  const signedIn = session.state === "signed-in" ? session.account.id : null;
  const agent = signedIn ? await ownerAgent(database, signedIn, locale) : null;
  const canHideBranding = signedIn ? (await currentLimits(database, signedIn)).canHideBranding : false;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {agent ? (
        <WidgetSettingsPanel agent={agent} appUrl={config().APP_URL} canHideBranding={canHideBranding} />
      ) : (
        <p className="text-muted-foreground">
          {t("noAgent")}{" "}
          <Link href="/setup" className="font-medium text-primary underline">
            {t("goToSetup")}
          </Link>
        </p>
      )}
    </div>
  );
}
