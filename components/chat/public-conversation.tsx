"use client";

import { MessageCircleOffIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { EmptyState } from "@/components/shell/empty-state";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { Button } from "@/components/ui/button";
import { ApiClientError, api } from "@/lib/client/api";
import type { ChatChannel } from "@/lib/client/chat-types";
import { contracts } from "@/lib/contracts/client";
import { Link } from "@/lib/i18n/navigation";
import { ChatView } from "./chat-view";
import { type ChatItem, itemsFromMessages } from "./use-chat";

type Loaded =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "failed" }
  | { state: "ready"; items: ChatItem[] };

/**
 * A visitor coming back to a conversation (CHAT-7). Only the browser holds the visitor's cookie, so the
 * conversation loads here; someone else's conversation (or another agent's) is simply not found.
 */
export function PublicConversation({ agentId, conversationId }: { agentId: string; conversationId: string }) {
  const t = useTranslations("chatUi");
  const channel = useMemo<ChatChannel>(() => ({ kind: "public", agentId }), [agentId]);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  const load = useCallback(
    (signal?: AbortSignal) => {
      setLoaded({ state: "loading" });
      api
        .callWithMeta(
          contracts.publicMessages,
          { query: { conversation_id: conversationId } },
          { signal, renew: false },
        )
        .then(({ data, meta }) => {
          if (meta?.conversation && meta.conversation.agent_id !== agentId) setLoaded({ state: "missing" });
          else setLoaded({ state: "ready", items: itemsFromMessages(data) });
        })
        .catch((err) => {
          if (signal?.aborted) return;
          const missing = err instanceof ApiClientError && (err.status === 404 || err.status === 422);
          setLoaded({ state: missing ? "missing" : "failed" });
        });
    },
    [agentId, conversationId],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (loaded.state === "loading") {
    return <Loading label={t("loading")} />;
  }
  if (loaded.state === "missing") {
    return (
      <div data-testid="conversation-not-found">
        <EmptyState icon={MessageCircleOffIcon} title={t("notFound")}>
          <Button asChild variant="outline">
            <Link href={`/c/${agentId}`}>{t("startNew")}</Link>
          </Button>
        </EmptyState>
      </div>
    );
  }
  if (loaded.state === "failed") {
    return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => load()} />;
  }
  return (
    <ChatView channel={channel} conversationId={conversationId} initialItems={loaded.items} followAtStart />
  );
}
