import { MessageCircleIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { AgentIntro } from "@/components/agents/agent-intro";
import { EmptyState } from "@/components/shell/empty-state";
import { PublicFrame } from "@/components/shell/public-frame";
import { publicAgent } from "@/lib/agents/agent";
import { isPublicId } from "@/lib/agents/public-id";
import { pageValidationFailed } from "@/lib/http/page-errors";
import { pageLocale } from "@/lib/i18n/page";
import { db } from "@/lib/server/runtime";

/** An agent's chat start page (CHAT-1): who it is, its greeting and suggested questions; the chat follows. */
export default async function AgentChatPage({
  params,
}: {
  params: Promise<{ locale: string; agentId: string }>;
}) {
  const locale = await pageLocale(params);
  const { agentId } = await params;
  if (!isPublicId(agentId)) pageValidationFailed();
  // The same view the public API answers, read directly: a page never calls its own server over HTTP.
  const agent = await publicAgent(await db(), agentId, locale);
  if (!agent) pageValidationFailed();
  const t = await getTranslations("publicChat");
  return (
    <PublicFrame>
      <AgentIntro agent={agent} />
      <EmptyState icon={MessageCircleIcon} title={t("chatSoon")} />
    </PublicFrame>
  );
}
