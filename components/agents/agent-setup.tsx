"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { AgentTestPanel } from "@/components/chat/agent-test-panel";
import { Button } from "@/components/ui/button";
import type { OwnerAgent } from "@/lib/agents/agent";
import { ApiClientError, api } from "@/lib/client/api";
import { AgentForm } from "./agent-form";
import { ShareLink } from "./share-link";
import { TrainingProgress } from "./training-progress";

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; agent: OwnerAgent | null };

/**
 * The setup page's working part (AGENT-1): the agent form, then, once the agent exists, its public link
 * and the training panel. `initial` is what the server already read; undefined when it could not (a page
 * rendered with only a renewal token), and the browser loads it after renewing.
 */
export function AgentSetup({ initial, appUrl }: { initial: OwnerAgent | null | undefined; appUrl: string }) {
  const t = useTranslations("setup.form");
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
        // 404: this owner has no agent yet, which is what setup is for.
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
        {t("loading")}
      </p>
    );
  }
  if (loaded.state === "failed") {
    return (
      <div className="flex flex-col items-start gap-3" role="alert">
        <p>{t("loadFailed")}</p>
        <Button variant="outline" onClick={() => load()}>
          {t("retry")}
        </Button>
      </div>
    );
  }

  const agent = loaded.agent;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        {/* A new key after each save: the form starts again from what is stored (defaults filled in). */}
        <AgentForm
          key={agent?.updated_at ?? "new"}
          agent={agent}
          onSaved={(saved) => setLoaded({ state: "ready", agent: saved })}
        />
        {agent && <AgentTestPanel agent={agent} />}
      </div>
      <div className="grid gap-6 lg:sticky lg:top-8">
        {agent && <ShareLink appUrl={appUrl} publicId={agent.id} />}
        <TrainingProgress agentId={agent?.id ?? null} />
      </div>
    </div>
  );
}
