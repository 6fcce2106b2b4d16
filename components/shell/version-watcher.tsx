"use client";

import { useTranslations } from "next-intl";
import { offerReload, useChunkReloadGuard, useNewVersionPoll } from "./deploy-recovery";

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
  useChunkReloadGuard();
  useNewVersionPoll(buildId, pollSeconds, () => offerReload(t("available", { appName }), t("reload")));
  return null;
}
