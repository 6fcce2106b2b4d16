import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { InboxPage } from "@/components/inbox/inbox-page";
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
  return isLocale(locale) ? titledPageMetadata(locale, "nav.inbox", parent) : {};
}

/** The live inbox (issue 46): conversations waiting for a person, live ones, recent ones. */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("inbox");
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <InboxPage />
    </div>
  );
}
