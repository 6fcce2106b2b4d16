"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { ApiClientError } from "@/lib/client/api";
import { useChannels } from "@/lib/client/queries/channels";
import { loadStateOf } from "@/lib/client/queries/load-state";
import type { ChannelView } from "@/lib/contracts/channels";
import { Link } from "@/lib/i18n/navigation";
import { ChannelList } from "./channel-list";
import type { ZaloResult } from "./zalo-result";

// The connect forms (three platforms, their fields and hints) load after the page's own code (issue 18:
// page weight); the server renders them and React hydrates them when the code arrives.
const ConnectForm = lazy(() => import("./connect-form").then((m) => ({ default: m.ConnectForm })));

export function ChannelsPanel({
  allowed,
  upgradeHref,
  zaloRedirectUri,
  zaloResult,
}: {
  allowed: boolean;
  upgradeHref: string;
  zaloRedirectUri: string;
  zaloResult: ZaloResult | null;
}) {
  const t = useTranslations("channelsPage");
  const query = useChannels();
  const loaded = loadStateOf(query);
  // The channel just connected: its next steps (the webhook URL to paste) are shown open.
  const [fresh, setFresh] = useState<string | null>(null);

  // Channels belong to an agent: before setup there is nothing to connect, which is not a failure.
  if (query.error instanceof ApiClientError && query.error.status === 404) {
    return (
      <p className="text-muted-foreground" data-testid="channels-no-agent">
        {t("noAgent")}{" "}
        <Link href="/setup" className="font-medium text-primary underline">
          {t("goToSetup")}
        </Link>
      </p>
    );
  }

  return (
    <div className="grid gap-8">
      {zaloResult && (
        <p
          role="status"
          data-testid="zalo-result"
          data-result={zaloResult}
          className={
            zaloResult === "connected"
              ? "rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
              : "rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          }
        >
          {zaloResult === "connected"
            ? t("zaloConnected")
            : zaloResult === "refused"
              ? t("zaloRefused")
              : t("zaloInvalidState")}
        </p>
      )}

      <section className="grid gap-3">
        <h2 className="font-semibold">{t("connectTitle")}</h2>
        {allowed ? (
          <Suspense fallback={<Loading label={t("loading")} className="text-sm" />}>
            <ConnectForm zaloRedirectUri={zaloRedirectUri} onConnected={(c: ChannelView) => setFresh(c.id)} />
          </Suspense>
        ) : (
          <div
            data-testid="channels-plan"
            className="grid gap-2 rounded-xl border border-primary/40 bg-primary/5 p-4 text-sm"
          >
            <p className="font-semibold">{t("planTitle")}</p>
            <p className="text-muted-foreground">{t("planBody")}</p>
            <a
              href={upgradeHref}
              className="font-medium text-primary underline"
              data-testid="channels-upgrade"
            >
              {t("upgrade")}
            </a>
          </div>
        )}
      </section>

      <section className="grid gap-3">
        <h2 className="font-semibold">{t("listTitle")}</h2>
        {loaded.state === "failed" ? (
          <LoadFailed
            message={t("loadFailed")}
            retryLabel={t("retry")}
            onRetry={() => void query.refetch()}
            size="sm"
            className="text-sm"
          />
        ) : loaded.state === "loading" ? (
          <Loading label={t("loading")} className="text-sm" />
        ) : (
          <ChannelList channels={loaded.data} fresh={fresh} />
        )}
      </section>
    </div>
  );
}
