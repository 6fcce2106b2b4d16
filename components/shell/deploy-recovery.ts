"use client";

import { useEffect, useRef } from "react";
import { toast } from "@/components/shell/toast";
import { isChunkLoadError, RELOAD_KEY, shouldReload } from "@/lib/version/reload-guard";

/**
 * SHELL-8's two halves, as plain functions (the public chat starts them without React, see
 * lite-shell-start.tsx) and as hooks (the site's VersionWatcher). Each returns its own undoing.
 */

/** Reloads the page when a chunk fails to load (a deployment replaced it), at most once per 10 s. */
export function guardChunkReload(): () => void {
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
}

/**
 * Polls /latest.json (and on focus) and calls `onNewVersion` once, when the deployed build differs from
 * the one this page was rendered by. A hidden tab does not poll.
 */
export function watchNewVersion(buildId: string, pollSeconds: number, onNewVersion: () => void): () => void {
  if (buildId === "development") return () => {};
  let stopped = false;
  let offered = false;
  const check = async () => {
    if (stopped || offered || document.visibilityState === "hidden") return;
    try {
      const res = await fetch("/latest.json", { cache: "no-store" });
      if (!res.ok) return;
      const latest = (await res.json()) as { buildId?: string };
      if (latest.buildId && latest.buildId !== buildId && !stopped && !offered) {
        offered = true;
        onNewVersion();
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
}

/** The new-version toast: stays until acted on, one at a time (its id). */
export function offerReload(message: string, reloadLabel: string) {
  toast.info(message, {
    id: "new-version",
    duration: Number.POSITIVE_INFINITY,
    action: { label: reloadLabel, onClick: () => window.location.reload() },
  });
}

export function useChunkReloadGuard() {
  useEffect(() => guardChunkReload(), []);
}

export function useNewVersionPoll(buildId: string, pollSeconds: number, onNewVersion: () => void) {
  const notify = useRef(onNewVersion);
  notify.current = onNewVersion;
  useEffect(() => watchNewVersion(buildId, pollSeconds, () => notify.current()), [buildId, pollSeconds]);
}
