import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuditPanel } from "@/components/settings/audit-panel";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { PageHeader } from "@/components/shell/page-header";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { titledPageMetadata } from "@/lib/seo/metadata";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "settings.auditTitle", parent) : {};
}

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("settings");
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("title")} subtitle={t("auditSubtitle")} />
      <SettingsTabs />
      <AuditPanel />
    </div>
  );
}
