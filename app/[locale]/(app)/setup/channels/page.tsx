import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { zaloRedirectUri } from "@/lib/channels/channels";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { currentLimits } from "@/lib/limits/entitlement";
import { titledPageMetadata } from "@/lib/seo/metadata";
import { pageWorkspace } from "@/lib/server/page-agent";
import { pageSession } from "@/lib/server/page-session";
import { db } from "@/lib/server/runtime";
import { ChannelsPanel } from "./channels-panel";
import { zaloResults } from "./zalo-result";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "nav.channels", parent) : {};
}

/**
 * Setup → Channels (issue 47): connect a Telegram bot, a Messenger page or a Zalo OA, see each one's state,
 * test, pause and disconnect. Channels start at the Beginner plan: on the free plan the page says so, with
 * the way to upgrade, and the API refuses a connection anyway.
 */
export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const locale = await pageLocale(params);
  const t = await getTranslations("channelsPage");
  const session = await pageSession();
  // A page rendered with only a renewal token cannot know the plan: it shows the forms, and the API decides.
  // The agent spends its workspace owner's plan.
  const chosen = session.state === "signed-in" ? (await pageWorkspace(session.account.id)).agent : null;
  const plan = chosen ? (await currentLimits(await db(), chosen.ownerId)).plan : null;
  const zalo = (await searchParams).zalo;
  const zaloResult = zaloResults.find((r) => r === zalo) ?? null;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <ChannelsPanel
        allowed={plan !== "free"}
        upgradeHref={`/${locale}/pricing`}
        zaloRedirectUri={zaloRedirectUri()}
        zaloResult={zaloResult}
      />
    </div>
  );
}
