"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { ChannelIcon, channelLabels } from "@/components/channels/channel-icon";
import { MessagesSquareIcon } from "@/components/icons/lite/messages-square";
import { EmptyState } from "@/components/shell/empty-state";
import { useFailureToast } from "@/components/shell/failure-toast";
import { toast } from "@/components/shell/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { useDisconnectChannel, usePauseChannel, useTestChannel } from "@/lib/client/queries/channels";
import type { ChannelView } from "@/lib/contracts/channels";
import { cn } from "@/lib/ui/cn";
import { CopyField } from "./copy-field";

// Loaded on first opening: Radix's dialog stays out of the page's first load (issue 18).
const DisconnectDialog = whenFirstOpen(() => import("./disconnect-dialog").then((m) => m.DisconnectDialog));

/** A Zalo refresh token this close to running out is shown as expiring. */
const EXPIRING_MS = 14 * 24 * 60 * 60 * 1000;

type Shown = ChannelView["state"] | "expiring";

function shownState(c: ChannelView, now: number): Shown {
  if (c.state === "connected" && c.token_expires_at && Date.parse(c.token_expires_at) - now < EXPIRING_MS) {
    return "expiring";
  }
  return c.state;
}

const stateClass: Record<Shown, string> = {
  connected: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  expiring: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  paused: "bg-muted text-muted-foreground",
  failing: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
  needs_reconnect: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
  needs_authorization: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
};

/** Each channel with its state, its next steps on the platform's side, and test, pause and disconnect. */
export function ChannelList({ channels, fresh }: { channels: ChannelView[]; fresh: string | null }) {
  const t = useTranslations("channelsPage");
  const failed = useFailureToast();
  const locale = useLocale();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
    [locale],
  );
  const pause = usePauseChannel();
  const test = useTestChannel();
  const disconnect = useDisconnectChannel();
  const [asking, setAsking] = useState<ChannelView | null>(null);
  const [now] = useState(() => Date.now());

  if (channels.length === 0) {
    return (
      <EmptyState icon={MessagesSquareIcon} title={t("emptyTitle")}>
        <p className="text-sm text-muted-foreground">{t("emptyHint")}</p>
      </EmptyState>
    );
  }

  const runTest = async (c: ChannelView) => {
    const channel = channelLabels[c.type];
    try {
      const result = await test.mutateAsync(c.id);
      if (result.ok) {
        toast.success(
          result.name ? t("testOkNamed", { channel, name: result.name }) : t("testOk", { channel }),
        );
      } else toast.error(t("testFailed", { channel, reason: result.reason ?? "" }));
    } catch (err) {
      failed(err);
    }
  };

  const togglePause = async (c: ChannelView) => {
    const paused = c.state !== "paused";
    try {
      await pause.mutateAsync({ id: c.id, paused });
      toast.success(t(paused ? "paused" : "resumed", { channel: channelLabels[c.type] }));
    } catch (err) {
      failed(err);
    }
  };

  const confirm = async () => {
    if (!asking) return;
    try {
      await disconnect.mutateAsync(asking.id);
      toast.success(t("disconnected", { channel: channelLabels[asking.type] }));
      setAsking(null);
    } catch (err) {
      failed(err);
    }
  };

  return (
    <>
      <ul className="grid gap-3" data-testid="channels">
        {channels.map((c) => {
          const label = channelLabels[c.type];
          const shown = shownState(c, now);
          const busy =
            (pause.isPending && pause.variables?.id === c.id) || (test.isPending && test.variables === c.id);
          return (
            <li
              key={c.id}
              data-testid="channel"
              data-id={c.id}
              data-type={c.type}
              data-state={shown}
              className={cn("grid gap-3 rounded-lg border bg-card p-3", fresh === c.id && "border-primary")}
            >
              <div className="flex flex-wrap items-center gap-2">
                <ChannelIcon type={c.type} className="size-5 shrink-0" aria-hidden />
                <span className="font-medium">{label}</span>
                <Badge className={stateClass[shown]} data-testid="channel-state">
                  {t(`state.${shown}`)}
                </Badge>
                <span className="w-full font-mono text-xs text-muted-foreground sm:ml-auto sm:w-auto">
                  {c.id}
                </span>
              </div>
              <div className="grid gap-1 text-xs text-muted-foreground">
                <p data-testid="channel-last-message">
                  {c.last_message_at
                    ? t("lastMessage", { date: dates.format(new Date(c.last_message_at)) })
                    : t("noMessage")}
                </p>
                {c.last_error &&
                  (c.state === "failing" ||
                    c.state === "needs_reconnect" ||
                    c.state === "needs_authorization") && (
                    <p className="text-destructive [overflow-wrap:anywhere]" data-testid="channel-reason">
                      {t("reason", { reason: c.last_error })}
                    </p>
                  )}
                {shown === "expiring" && c.token_expires_at && (
                  <p>{t("expiresOn", { date: dates.format(new Date(c.token_expires_at)) })}</p>
                )}
              </div>
              {c.type !== "telegram" && (
                <details open={fresh === c.id} className="grid gap-2 text-sm">
                  <summary className="cursor-pointer text-sm font-medium">
                    {t(c.type === "messenger" ? "messengerNext" : "zaloNext")}
                  </summary>
                  <div className="mt-2 grid gap-2">
                    <CopyField label={t("webhookUrl")} value={c.webhook_url} testId="channel-webhook-url" />
                    {c.verify_token && (
                      <CopyField
                        label={t("verifyToken")}
                        value={c.verify_token}
                        testId="channel-verify-token"
                      />
                    )}
                  </div>
                </details>
              )}
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy || c.state === "needs_authorization"}
                  onClick={() => void runTest(c)}
                  data-testid="channel-test"
                >
                  {test.isPending && test.variables === c.id ? t("testing") : t("test")}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy || c.state === "needs_authorization"}
                  onClick={() => void togglePause(c)}
                  data-testid="channel-pause"
                >
                  {c.state === "paused" ? t("resume") : t("pause")}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  aria-label={t("disconnectLabel", { channel: label })}
                  onClick={() => setAsking(c)}
                  data-testid="channel-disconnect"
                >
                  {t("disconnect")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <DisconnectDialog
        open={asking !== null}
        onClose={() => !disconnect.isPending && setAsking(null)}
        label={asking ? channelLabels[asking.type] : ""}
        pending={disconnect.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
