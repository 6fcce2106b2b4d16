"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { toast } from "@/components/shell/toast";
import { isChunkLoadError, RELOAD_KEY, shouldReload } from "@/lib/version/reload-guard";

/**
 * SHELL-8: polls /latest.json and offers a reload once the deployed build differs from the one this page
 * was rendered by; reloads on a chunk-load error, at most once per 10 s.
 */
export function VersionWatcher({
  buildId,
  pollSeconds,
  appName,
}: {
  buildId: string;
  pollSeconds: number;
  appName: string;
}) {
  const t = useTranslations("version");

  useEffect(() => {
    if (buildId === "development") return;
    let stopped = false;
    let offered = false;
    const check = async () => {
      if (stopped || offered || document.visibilityState === "hidden") return;
      try {
        const res = await fetch("/latest.json", { cache: "no-store" });
        if (!res.ok) return;
        const latest = (await res.json()) as { buildId?: string };
        if (latest.buildId && latest.buildId !== buildId && !stopped) {
          offered = true;
          toast.info(t("available", { appName }), {
            id: "new-version",
            duration: Number.POSITIVE_INFINITY,
            action: { label: t("reload"), onClick: () => window.location.reload() },
          });
        }
      } catch {
        // offline or restarting: try again at the next tick
      }
    };
    const timer = window.setInterval(check, pollSeconds * 1000);
    const onVisible = () => document.visibilityState === "visible" && void check();
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [buildId, pollSeconds, appName, t]);

  useEffect(() => {
    const reloadOnce = (reason: unknown) => {
      if (!isChunkLoadError(reason)) return;
      try {
        const last = Number(sessionStorage.getItem(RELOAD_KEY)) || null;
        if (!shouldReload(last, Date.now())) return;
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      } catch {
        // Storage blocked (privacy settings, sandboxed frame): without a stamp a reload could loop.
        return;
      }
      window.location.reload();
    };
    const onError = (e: ErrorEvent) => reloadOnce(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => reloadOnce(e.reason);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  return null;
}
