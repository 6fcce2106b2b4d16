import type { Metadata, ResolvingMetadata } from "next";
import { getTranslations } from "next-intl/server";
import { AgentSetup } from "@/components/agents/agent-setup";
import { DeleteAgentSection } from "@/components/agents/delete-agent-section";
import { TaughtAnswersSection } from "@/components/answers/taught-answers-section";
import { PageHeader } from "@/components/shell/page-header";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";
import { isLocale } from "@/lib/i18n/routing";
import { titledPageMetadata } from "@/lib/seo/metadata";
import { pageAgentView, pageWorkspace } from "@/lib/server/page-agent";
import { pageSession } from "@/lib/server/page-session";

/** The title of its tab and shared links: the page's name, then the product's. */
export async function generateMetadata(
  { params }: { params: Promise<{ locale: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? titledPageMetadata(locale, "nav.setup", parent) : {};
}

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("setup");
  const session = await pageSession();
  // Read here when the visitor is known, so the form arrives filled; with only a renewal token the
  // browser renews first and loads it itself.
  const signedIn = session.state === "signed-in";
  const initial = signedIn ? await pageAgentView(session.account.id, locale) : undefined;
  const canDelete =
    signedIn && initial && (await pageWorkspace(session.account.id)).member.role !== "support";
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <AgentSetup
        initial={initial}
        appUrl={config().APP_URL}
        dailyShareDefault={config().CHAT_LIMIT_AGENT_DAILY_SHARE}
        iconHost={config().ICON_HOST ?? null}
      />
      <TaughtAnswersSection />
      {canDelete && initial && <DeleteAgentSection agentId={initial.id} agentName={initial.name} />}
    </div>
  );
}
