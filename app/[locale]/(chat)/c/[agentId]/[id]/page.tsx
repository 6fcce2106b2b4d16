import { AgentIntro } from "@/components/agents/agent-intro";
import { PublicConversation } from "@/components/chat/public-conversation";
import { PublicFrame } from "@/components/shell/public-frame";
import { publicAgent } from "@/lib/agents/agent";
import { isPublicId } from "@/lib/agents/public-id";
import { config } from "@/lib/config";
import { pageValidationFailed } from "@/lib/http/page-errors";
import { pageLocale } from "@/lib/i18n/page";
import { db } from "@/lib/server/runtime";

/** A visitor's conversation with an agent, continued (CHAT-7). Whose it is only the browser's cookie knows. */
export default async function ConversationPage({
  params,
}: {
  params: Promise<{ locale: string; agentId: string; id: string }>;
}) {
  const locale = await pageLocale(params);
  const { agentId, id } = await params;
  if (!isPublicId(agentId) || !isPublicId(id)) pageValidationFailed();
  const agent = await publicAgent(await db(), agentId, locale);
  if (!agent) pageValidationFailed();
  return (
    <PublicFrame appName={config().APP_NAME}>
      <AgentIntro agent={agent} questions={false} />
      <PublicConversation agentId={agent.id} conversationId={id} />
    </PublicFrame>
  );
}
