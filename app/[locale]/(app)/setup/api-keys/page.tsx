import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { PageHeader } from "@/components/shell/page-header";
import { config } from "@/lib/config";
import { contracts, pathOf } from "@/lib/contracts/client";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { titledPageMetadata } from "@/lib/seo/metadata";
import { pageAgentView } from "@/lib/server/page-agent";
import { pageSession } from "@/lib/server/page-session";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "nav.apiKeys", parent) : {};
}

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("apiKeys");
  // The deployment's own address, so the example runs as pasted.
  const messageUrl = `${config().APP_URL}${pathOf(contracts.sendOwnerMessage)}`;
  // The example asks what the owner's visitors are offered first, else a question in the page's language.
  const session = await pageSession();
  const agent = session.state === "signed-in" ? await pageAgentView(session.account.id, locale) : null;
  const exampleQuestion = agent?.suggested_questions[0] ?? t("exampleQuestion");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <ApiKeysPanel messageUrl={messageUrl} exampleQuestion={exampleQuestion} />
    </div>
  );
}
