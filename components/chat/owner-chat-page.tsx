"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { useOwnerAgent } from "@/components/agents/use-owner-agent";
import { BotIcon } from "@/components/icons/lite/bot";
import { EmptyState } from "@/components/shell/empty-state";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { Button } from "@/components/ui/button";
import type { OwnerAgent } from "@/lib/contracts/agent";
import { Link } from "@/lib/i18n/navigation";

// The chat (messages, composer, streaming; the same chunk as setup's test chat) is rendered by the server
// with the agent's greeting and hydrated when its code arrives, right after the page's own (issue 18: page
// weight).
const OwnerChat = lazy(() => import("./owner-chat").then((m) => ({ default: m.OwnerChat })));

/**
 * /{lang}/chat (CHAT-9): the owner's full-page chat with their agent. `initial` is undefined when the page
 * rendered with only a renewal token; the browser then renews and loads the agent itself.
 */
export function OwnerChatPage({ initial }: { initial: OwnerAgent | null | undefined }) {
  const t = useTranslations("chatUi");
  const { loaded, load } = useOwnerAgent(initial);

  if (loaded.state === "loading") return <Loading label={t("loadingAgent")} />;
  if (loaded.state === "failed") {
    return <LoadFailed message={t("agentLoadFailed")} retryLabel={t("retry")} onRetry={() => load()} />;
  }
  if (!loaded.data) {
    return (
      <EmptyState icon={BotIcon} title={t("ownerNoAgent")}>
        <Button asChild>
          <Link href="/setup">{t("toSetup")}</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl">
      <Suspense fallback={<Loading label={t("loadingAgent")} />}>
        <OwnerChat
          greeting={loaded.data.visitor_greeting}
          questions={loaded.data.suggested_questions}
          layout="page"
        />
      </Suspense>
    </div>
  );
}
