import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { PageHeader } from "@/components/shell/page-header";
import { config } from "@/lib/config";
import { contracts, pathOf } from "@/lib/contracts/client";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { titledPageMetadata } from "@/lib/seo/metadata";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "nav.apiKeys", parent) : {};
}

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("apiKeys");
  // The deployment's own address, so the example runs as pasted.
  const messageUrl = `${config().APP_URL}${pathOf(contracts.sendOwnerMessage)}`;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <ApiKeysPanel messageUrl={messageUrl} />
    </div>
  );
}
