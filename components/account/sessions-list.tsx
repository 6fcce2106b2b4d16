"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useId, useMemo } from "react";
import { UAParser } from "ua-parser-js";
import { LaptopIcon } from "@/components/icons/lite/laptop";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { LogOutIcon } from "@/components/icons/lite/log-out";
import { SmartphoneIcon } from "@/components/icons/lite/smartphone";
import { TabletIcon } from "@/components/icons/lite/tablet";
import { toast } from "@/components/shell/toast";
import { Badge } from "@/components/ui/badge";
import { BusyConfirmDialog } from "@/components/ui/busy-confirm-dialog";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { loadStateOf } from "@/lib/client/queries/load-state";
import { useEndAllSessions, useEndSession, useSessions } from "@/lib/client/queries/sessions";
import { useAccount } from "./account-provider";
import { useTimeZone } from "./use-time-zone";

export type Device = { browser: string | null; os: string | null; kind: "mobile" | "tablet" | "desktop" };

/** "Chrome" and "Linux" out of a User-Agent, for a label such as "Chrome on Linux". */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, kind: "desktop" };
  const r = UAParser(userAgent);
  const type = r.device.type;
  return {
    browser: r.browser.name?.replace(/^Mobile /, "") ?? null,
    os: r.os.name ?? null,
    kind: type === "mobile" || type === "wearable" ? "mobile" : type === "tablet" ? "tablet" : "desktop",
  };
}

const BRANDS: Record<string, string> = { google: "Google", github: "GitHub", facebook: "Facebook" };
const KIND_ICON = { mobile: SmartphoneIcon, tablet: TabletIcon, desktop: LaptopIcon } as const;

/** The user's active sessions: end one, or all of them ("sign out everywhere", behind a confirmation). */
export function SessionsList() {
  const t = useTranslations("profile.sessions");
  const locale = useLocale();
  const { setAccount } = useAccount();
  const query = useSessions();
  const loaded = loadStateOf(query);
  const endSession = useEndSession();
  const endAllSessions = useEndAllSessions();
  const ending = endSession.isPending ? endSession.variables : null;
  // Stays busy after success too: the page is leaving.
  const endingAll = endAllSessions.isPending || endAllSessions.isSuccess;
  const titleId = useId();

  const zone = useTimeZone();
  const dates = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: zone ?? undefined,
      }),
    [locale, zone],
  );

  const label = useCallback(
    (ua: string | null) => {
      const d = deviceOf(ua);
      if (d.browser && d.os) return t("device", { browser: d.browser, os: d.os });
      return d.browser ?? d.os ?? t("unknownDevice");
    },
    [t],
  );

  const methodName = (method: string) =>
    BRANDS[method] ?? (method === "email" || method === "oidc" ? t(`methods.${method}`) : t("methods.other"));

  const endOne = async (id: string) => {
    try {
      await endSession.mutateAsync(id);
      toast.success(t("ended"));
    } catch (err) {
      toast.error(t("endFailed"), { description: err instanceof ApiClientError ? err.detail : undefined });
    }
  };

  const endAll = async () => {
    try {
      await endAllSessions.mutateAsync();
    } catch (err) {
      toast.error(t("everywhereFailed"), {
        description: err instanceof ApiClientError ? err.detail : undefined,
      });
      return;
    }
    // This session ended too (the response cleared its cookies): a full load of the sign-in page.
    setAccount(null);
    window.location.replace(`/${locale}?signed-out`);
  };

  return (
    <section aria-labelledby={titleId} className="grid gap-3 border-t pt-4">
      <div>
        <h3 id={titleId} className="font-semibold">
          {t("title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>

      {loaded.state === "failed" ? (
        <div role="alert" className="flex items-center justify-between gap-2 text-sm">
          <span className="text-destructive">{t("loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : loaded.state === "loading" ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
          {t("loading")}
        </p>
      ) : (
        <ul className="grid gap-2" data-testid="sessions">
          {loaded.data.map((s) => {
            const device = label(s.user_agent);
            const Icon = KIND_ICON[deviceOf(s.user_agent).kind];
            return (
              <li
                key={s.id}
                data-testid="session"
                data-current={s.current || undefined}
                className="flex items-start gap-3 rounded-lg border p-3"
              >
                <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{device}</span>
                    {s.current && <Badge>{t("current")}</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {[t("via", { method: methodName(s.method) }), s.ip].filter(Boolean).join(" · ")}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t("signedIn", { date: dates.format(new Date(s.inserted_at)) })}
                    {" · "}
                    {t("lastSeen", { date: dates.format(new Date(s.last_seen_at)) })}
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("endLabel", { device })}
                    disabled={ending === s.id}
                    onClick={() => void endOne(s.id)}
                  >
                    {ending === s.id ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : t("end")}
                  </Button>
                )}
              </li>
            );
          })}
          {loaded.data.length <= 1 && <li className="text-sm text-muted-foreground">{t("empty")}</li>}
        </ul>
      )}

      <BusyConfirmDialog
        trigger={
          <Button variant="outline" className="justify-self-start" disabled={endingAll}>
            <LogOutIcon aria-hidden />
            {t("everywhere")}
          </Button>
        }
        title={t("confirmTitle")}
        body={t("confirmBody")}
        cancel={t("cancel")}
        confirm={t("confirm")}
        busy={endingAll}
        onConfirm={() => void endAll()}
      />
    </section>
  );
}
