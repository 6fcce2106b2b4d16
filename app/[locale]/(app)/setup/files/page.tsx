import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { FilesManager } from "@/components/training/files-manager";
import { plans } from "@/lib/billing/plan-limits";
import { fileSizeText } from "@/lib/billing-views/pricing";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { currentLimits } from "@/lib/limits/entitlement";
import { titledPageMetadata } from "@/lib/seo/metadata";
import { pageSession } from "@/lib/server/page-session";
import { db } from "@/lib/server/runtime";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "nav.files", parent) : {};
}

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("setup");
  const session = await pageSession();
  // The Files card says what this owner's plan accepts (Beginner 2 MB, not the free plan's 1 MB); a page
  // rendered with only a renewal token says the free plan's, the smallest, which is never too much.
  const limits =
    session.state === "signed-in" ? await currentLimits(await db(), session.account.id) : plans.free;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("filesTitle")} subtitle={t("filesSubtitle")} />
      <FilesManager maxFileSize={fileSizeText(limits.maxFileBytes, locale)} />
    </div>
  );
}
