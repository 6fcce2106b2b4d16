import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { LastMessageTime } from "@/components/chat/last-message-time";
import { ChevronRightIcon } from "@/components/icons/lite/chevron-right";
import { MessagesSquareIcon } from "@/components/icons/lite/messages-square";
import { EmptyState } from "@/components/shell/empty-state";
import { LiteShellStarter } from "@/components/shell/lite-shell-starter";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { readVisitorId } from "@/lib/auth/visitor";
import { visitorConversations } from "@/lib/chat/conversations";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";
import { db } from "@/lib/server/runtime";

/** A visitor's recent chats on this device (CHAT-7), from the visitor cookie; each opens its conversation. */
export default async function ChatListPage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("publicChat");
  const tc = await getTranslations("chatUi");
  const visitorId = readVisitorId(await cookies());
  const chats = visitorId ? await visitorConversations(await db(), visitorId, 50) : [];
  return (
    <PublicFrame appName={config().APP_NAME}>
      <PageHeader title={t("listTitle")} subtitle={t("listSubtitle")} />
      {chats.length === 0 ? (
        <EmptyState icon={MessagesSquareIcon} title={t("listEmpty")} />
      ) : (
        <ul className="grid gap-2" data-testid="visitor-chats">
          {chats.map((c) => (
            <li key={c.id}>
              <a
                href={`/${locale}/c/${c.agent_id}/${c.id}`}
                aria-label={tc("listOpen", { agent: c.agent_name })}
                className="flex items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent"
                data-testid="visitor-chat"
              >
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="truncate font-medium">{c.title}</span>
                  <span className="truncate text-sm text-muted-foreground">
                    {c.agent_name} · <LastMessageTime iso={c.last_message_at} />
                  </span>
                </span>
                <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      )}
      <LiteShellStarter />
    </PublicFrame>
  );
}
