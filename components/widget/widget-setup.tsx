"use client";

import { useTranslations } from "next-intl";
import { useOwnerAgent } from "@/components/agents/use-owner-agent";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import type { OwnerAgent } from "@/lib/contracts/agent";
import { Link } from "@/lib/i18n/navigation";
import { WidgetSettingsPanel } from "./widget-settings";

/**
 * Setup → Website widget's working part. `initial` is what the server read; undefined when it could not (a
 * page rendered with only a renewal token), and the browser loads the agent after renewing.
 */
export function WidgetSetup({
  initial,
  appUrl,
  canHideBranding,
  brandingPlan,
}: {
  initial: OwnerAgent | null | undefined;
  appUrl: string;
  canHideBranding: boolean;
  /** the name of the cheapest plan that may hide "Powered by", in the page's language */
  brandingPlan: string;
}) {
  const t = useTranslations("widgetSetup");
  const { loaded, load } = useOwnerAgent(initial);
  if (loaded.state === "loading") return <Loading label={t("loading")} />;
  if (loaded.state === "failed") {
    return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => load()} />;
  }
  if (!loaded.data) {
    return (
      <p className="text-muted-foreground" data-testid="widget-no-agent">
        {t("noAgent")}{" "}
        <Link href="/setup" className="font-medium text-primary underline">
          {t("goToSetup")}
        </Link>
      </p>
    );
  }
  return (
    <WidgetSettingsPanel
      agent={loaded.data}
      appUrl={appUrl}
      canHideBranding={canHideBranding}
      brandingPlan={brandingPlan}
    />
  );
}
