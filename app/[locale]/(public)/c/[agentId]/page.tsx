import { BotIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { isPublicId } from "@/lib/agents/public-id";
import { pageValidationFailed } from "@/lib/http/page-errors";
import { pageLocale } from "@/lib/i18n/page";

export default async function AgentChatPage({
  params,
}: {
  params: Promise<{ locale: string; agentId: string }>;
}) {
  await pageLocale(params);
  const { agentId } = await params;
  if (!isPublicId(agentId)) pageValidationFailed();
  const t = await getTranslations("publicChat");
  return (
    <PublicFrame>
      <PageHeader title={t("agentTitle")} subtitle={t("agentSubtitle", { agentId })} />
      <EmptyState icon={BotIcon} title={t("agentUnavailable")} />
    </PublicFrame>
  );
}
