import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { OwnerChatPage } from "@/components/chat/owner-chat-page";
import { MessageCircleIcon } from "@/components/icons/lite/message-circle";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
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
  return isLocale(locale) ? titledPageMetadata(locale, "nav.chat", parent) : {};
}

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("chat");
  const session = await pageSession();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {session.state === "signed-out" ? (
        <EmptyState icon={MessageCircleIcon} title={t("signedOut")} />
      ) : (
        <OwnerChatPage
          initial={
            session.state === "signed-in" ? await pageAgentView(session.account.id, locale) : undefined
          }
        />
      )}
    </div>
  );
}
