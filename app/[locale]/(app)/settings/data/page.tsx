import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { DataExports } from "@/components/settings/data-exports";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { titledPageMetadata } from "@/lib/seo/metadata";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "dataSettings.title", parent) : {};
}

/** Settings → Data (issue 48): export everything in the workspace, and the recent exports. */
export default async function DataSettingsPage({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("dataSettings");
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <SettingsTabs />
      <DataExports />
    </div>
  );
}
