"use client";

import { BotIcon, LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { EmptyState } from "@/components/shell/empty-state";
import { Button } from "@/components/ui/button";
import type { OwnerAgent } from "@/lib/agents/agent";
import { ApiClientError, api } from "@/lib/client/api";
import { Link } from "@/lib/i18n/navigation";
import { OwnerChat } from "./owner-chat";

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; agent: OwnerAgent | null };

/**
 * /{lang}/chat (CHAT-9): the owner's full-page chat with their agent. `initial` is undefined when the page
 * rendered with only a renewal token; the browser then renews and loads the agent itself.
 */
export function OwnerChatPage({ initial }: { initial: OwnerAgent | null | undefined }) {
  const t = useTranslations("chatUi");
  const [loaded, setLoaded] = useState<Loaded>(
    initial === undefined ? { state: "loading" } : { state: "ready", agent: initial },
  );

  const load = useCallback((signal?: AbortSignal) => {
    setLoaded({ state: "loading" });
    api
      .get<OwnerAgent>("/api/v1/agent", { signal })
      .then((agent) => setLoaded({ state: "ready", agent }))
      .catch((err) => {
        if (signal?.aborted) return;
        if (err instanceof ApiClientError && err.status === 404) setLoaded({ state: "ready", agent: null });
        else setLoaded({ state: "failed" });
      });
  }, []);

  useEffect(() => {
    if (initial !== undefined) return;
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [initial, load]);

  if (loaded.state === "loading") {
    return (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
        {t("loadingAgent")}
      </p>
    );
  }
  if (loaded.state === "failed") {
    return (
      <div className="flex flex-col items-start gap-3" role="alert">
        <p>{t("agentLoadFailed")}</p>
        <Button variant="outline" onClick={() => load()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  if (!loaded.agent) {
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
      <OwnerChat
        greeting={loaded.agent.greeting}
        questions={loaded.agent.suggested_questions}
        layout="page"
      />
    </div>
  );
}
