"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import type { OwnerAgent } from "@/lib/contracts/agent";
import { AgentForm } from "./agent-form";
import { useOwnerAgent } from "./use-owner-agent";

// The test chat (composer, messages, streaming: ~9 KB gzipped) sits below the form, so its code is not part
// of the page's first download (issue 18: page weight). The server still renders it: its HTML shows at once
// and React hydrates it when the code arrives, right after the page's own.
const AgentTestPanel = lazy(() =>
  import("@/components/chat/agent-test-panel").then((m) => ({ default: m.AgentTestPanel })),
);
// The side column (public link, training counts) likewise: rendered by the server, hydrated after.
const ShareLink = lazy(() => import("./share-link").then((m) => ({ default: m.ShareLink })));
const TrainingProgress = lazy(() =>
  import("./training-progress").then((m) => ({ default: m.TrainingProgress })),
);

/**
 * The setup page's working part (AGENT-1): the agent form, then, once the agent exists, its public link
 * and the training panel. `initial` is what the server already read; undefined when it could not (a page
 * rendered with only a renewal token), and the browser loads it after renewing.
 */
export function AgentSetup({
  initial,
  appUrl,
  dailyShareDefault,
  iconHost,
}: {
  initial: OwnerAgent | null | undefined;
  appUrl: string;
  dailyShareDefault: number;
  /** ICON_HOST, or null for the app's own /icons */
  iconHost: string | null;
}) {
  const t = useTranslations("setup.form");
  const { loaded, load } = useOwnerAgent(initial);

  if (loaded.state === "loading") return <Loading label={t("loading")} />;
  if (loaded.state === "failed") {
    return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => load()} />;
  }

  const agent = loaded.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        {/* A new key after each save: the form starts again from what is stored (defaults filled in). */}
        <AgentForm
          key={agent?.updated_at ?? "new"}
          agent={agent}
          dailyShareDefault={dailyShareDefault}
          iconHost={iconHost}
        />
        {agent && (
          <Suspense fallback={null}>
            <AgentTestPanel agent={agent} />
          </Suspense>
        )}
      </div>
      <div className="grid gap-6 lg:sticky lg:top-8">
        <Suspense fallback={null}>
          {agent && <ShareLink appUrl={appUrl} publicId={agent.id} />}
          <TrainingProgress agentId={agent?.id ?? null} />
        </Suspense>
      </div>
    </div>
  );
}
