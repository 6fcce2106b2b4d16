import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { CSSProperties } from "react";
import { ServerIcon } from "@/components/icons/server-icon";
import { EmbedChat } from "@/components/widget/embed-chat";
import { publicView } from "@/lib/agents/agent";
import { isPublicId } from "@/lib/agents/public-id";
import { agentByPublicId } from "@/lib/agents/queries";
import { config } from "@/lib/config";
import { pageValidationFailed } from "@/lib/http/page-errors";
import { pageLocale } from "@/lib/i18n/page";
import { currentLimits } from "@/lib/limits/entitlement";
import { db } from "@/lib/server/runtime";
import { textOnColor, widgetSettingsOf } from "@/lib/shared/widget";
import { showsBranding } from "@/lib/widget/branding";

/** A framed page is nobody's search result. */
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The chat inside the website widget (BEYOND-1): the public chat in the owner's site's frame. Who may frame
 * it is the agent's allowed domains (proxy.ts → frame-ancestors); the launcher (/embed.js) loads it only
 * when a visitor first opens the widget.
 */
export default async function EmbedPage({
  params,
}: {
  params: Promise<{ locale: string; agentId: string }>;
}) {
  const locale = await pageLocale(params);
  const { agentId } = await params;
  if (!isPublicId(agentId)) pageValidationFailed();
  const database = await db();
  const row = await agentByPublicId(database, agentId);
  if (!row) pageValidationFailed();
  const agent = publicView(row, locale);
  // "Powered by" goes only where the owner asked and their plan allows it (the plan read only then).
  const widget = widgetSettingsOf(row.widget);
  const branded = !widget.hide_branding || showsBranding(widget, await currentLimits(database, row.ownerId));
  const t = await getTranslations("widget");
  const appName = config().APP_NAME;
  const questionIcons = Object.fromEntries(
    Object.entries(agent.suggested_question_icons).map(([question, name]) => [
      question,
      <ServerIcon key={question} name={name} className="mr-1.5 inline size-4 align-[-3px]" />,
    ]),
  );
  return (
    <div
      className="flex min-h-dvh flex-col bg-background"
      // The owner's launcher colour carries into the frame: the send button and the visitor's bubbles.
      style={
        { "--primary": widget.color, "--primary-foreground": textOnColor(widget.color) } as CSSProperties
      }
      data-widget-color={widget.color}
    >
      <header className="sticky top-0 z-10 flex h-14 items-center border-b bg-background/95 pr-14 pl-4 backdrop-blur">
        <h1 className="truncate font-semibold text-base">{agent.name}</h1>
      </header>
      <main id="content" className="flex flex-1 flex-col px-4 pt-4">
        <p
          className="mb-4 whitespace-pre-line rounded-2xl bg-muted px-4 py-3 text-sm"
          data-testid="agent-greeting"
        >
          {agent.greeting}
        </p>
        <EmbedChat
          agentId={agent.id}
          questions={agent.suggested_questions}
          closeLabel={t("close")}
          questionIcons={questionIcons}
        />
      </main>
      {branded && (
        <footer className="py-2 text-center text-muted-foreground text-xs" data-testid="powered-by">
          <a
            href={`${config().APP_URL}/${locale}`}
            target="_blank"
            rel="noopener"
            className="hover:underline"
          >
            {t("poweredBy", { appName })}
          </a>
        </footer>
      )}
    </div>
  );
}
