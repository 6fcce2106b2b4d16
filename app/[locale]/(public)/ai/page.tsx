import { getTranslations } from "next-intl/server";
import { AgentCapabilities } from "@/components/agents/agent-capabilities";
import { CircleCheckIcon as CheckCircle2Icon } from "@/components/icons/lite/circle-check";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { ownerView } from "@/lib/agents/agent";
import { availableModels } from "@/lib/chat/models";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";
import { trainingSummary } from "@/lib/ingest/documents";
import { pageWorkspace } from "@/lib/server/page-agent";
import { pageSession } from "@/lib/server/page-session";
import { db } from "@/lib/server/runtime";

const items = ["answer", "language", "honest", "sources"] as const;

/** What an agent can do: the owner's own agent when they have one, what any agent does otherwise. */
export default async function AiPage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("ai");
  const session = await pageSession();
  const row = session.state === "signed-in" ? (await pageWorkspace(session.account.id)).agent : null;

  if (row) {
    const agent = ownerView(row, locale);
    const models = availableModels();
    // An agent's own choice while it is still configured, else the default it answers with.
    const model = models.find((m) => m.id === agent.model) ?? models.find((m) => m.default);
    const summary = await trainingSummary(await db(), row.id);
    return (
      <PublicFrame appName={config().APP_NAME}>
        <PageHeader title={t("agent.agentTitle", { name: agent.name })} subtitle={t("agent.agentSubtitle")} />
        <AgentCapabilities
          agent={agent}
          modelName={model?.name ?? t("agent.modelDefault")}
          summary={summary}
        />
      </PublicFrame>
    );
  }

  return (
    <PublicFrame appName={config().APP_NAME}>
      <PageHeader title={t("title", { appName: config().APP_NAME })} subtitle={t("subtitle")} />
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 rounded-xl border bg-card p-4">
            <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span>{t(`items.${item}`)}</span>
          </li>
        ))}
      </ul>
    </PublicFrame>
  );
}
