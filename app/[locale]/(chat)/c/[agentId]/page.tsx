import type { Metadata, ResolvingMetadata } from "next";
import { AgentIntro } from "@/components/agents/agent-intro";
import { PublicChat } from "@/components/chat/public-chat";
import { PublicFrame } from "@/components/shell/public-frame";
import { isPublicId } from "@/lib/agents/public-id";
import { config } from "@/lib/config";
import { pageValidationFailed } from "@/lib/http/page-errors";
import { pageLocale } from "@/lib/i18n/page";
import { agentPageMetadata, publicAgentOnce } from "./agent-page";

export async function generateMetadata(
  { params }: { params: Promise<{ locale: string; agentId: string }> },
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const locale = await pageLocale(params);
  return agentPageMetadata(locale, (await params).agentId, parent);
}

/** An agent's chat start page (CHAT-1): who it is, its greeting, then the chat with its suggested questions. */
export default async function AgentChatPage({
  params,
}: {
  params: Promise<{ locale: string; agentId: string }>;
}) {
  const locale = await pageLocale(params);
  const { agentId } = await params;
  if (!isPublicId(agentId)) pageValidationFailed();
  // The same view the public API answers, read directly: a page never calls its own server over HTTP.
  const agent = await publicAgentOnce(agentId, locale);
  if (!agent) pageValidationFailed();
  return (
    <PublicFrame appName={config().APP_NAME}>
      <AgentIntro agent={agent} questions={false} iconHost={config().ICON_HOST ?? null} />
      <PublicChat
        agentId={agent.id}
        questions={agent.suggested_questions}
        questionIcons={{ byQuestion: agent.suggested_question_icons, host: config().ICON_HOST ?? null }}
      />
    </PublicFrame>
  );
}
