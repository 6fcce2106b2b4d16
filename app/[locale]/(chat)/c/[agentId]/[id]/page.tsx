import type { Metadata, ResolvingMetadata } from "next";
import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { AgentIntro } from "@/components/agents/agent-intro";
import { PublicConversation } from "@/components/chat/public-conversation";
import { MessageCircleOffIcon } from "@/components/icons/lite/message-circle-off";
import { EmptyState } from "@/components/shell/empty-state";
import { PublicFrame } from "@/components/shell/public-frame";
import { buttonClass } from "@/components/ui/button-classes";
import { isPublicId } from "@/lib/agents/public-id";
import { readVisitorId } from "@/lib/auth/visitor";
import { visitorConversation } from "@/lib/chat/visitor-conversation";
import { config } from "@/lib/config";
import { pageValidationFailed } from "@/lib/http/page-errors";
import { pageLocale } from "@/lib/i18n/page";
import { db } from "@/lib/server/runtime";
import { agentPageMetadata, publicAgentOnce } from "../agent-page";

export async function generateMetadata(
  { params }: { params: Promise<{ locale: string; agentId: string; id: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const locale = await pageLocale(params);
  return agentPageMetadata(locale, (await params).agentId, parent);
}

/**
 * A visitor's conversation with an agent, continued (CHAT-7). Whose it is only the visitor cookie knows:
 * anyone else (or another agent's address for it) finds "not found", with a way to start their own.
 */
export default async function ConversationPage({
  params,
}: {
  params: Promise<{ locale: string; agentId: string; id: string }>;
}) {
  const locale = await pageLocale(params);
  const { agentId, id } = await params;
  if (!isPublicId(agentId) || !isPublicId(id)) pageValidationFailed();
  const database = await db();
  const agent = await publicAgentOnce(agentId, locale);
  if (!agent) pageValidationFailed();
  const visitor = readVisitorId(await cookies());
  const found = visitor ? await visitorConversation(database, visitor, id) : null;
  const mine = found && found.conversation.agent_id === agent.id ? found : null;
  const t = await getTranslations("chatUi");
  return (
    <PublicFrame appName={config().APP_NAME}>
      <AgentIntro agent={agent} questions={false} iconHost={config().ICON_HOST ?? null} />
      {mine ? (
        <PublicConversation agentId={agent.id} conversationId={id} messages={mine.messages} />
      ) : (
        <div data-testid="conversation-not-found">
          <EmptyState icon={MessageCircleOffIcon} title={t("notFound")}>
            <a href={`/${locale}/c/${agent.id}`} className={buttonClass("outline")}>
              {t("startNew")}
            </a>
          </EmptyState>
        </div>
      )}
    </PublicFrame>
  );
}
