"use client";

import type { ReactNode } from "react";
import { guardChunkReload, offerReload, watchNewVersion } from "./deploy-recovery";
import { onToastWanted } from "./toast";

/**
 * Brings the public chat pages what the site's pages get from their providers (issue 43 item 2): the reload
 * on a chunk a deployment removed, the new-version offer, Alt+T to the toast region, and sonner once the
 * first toast is wanted, handed to the page's island to draw (`show`) in place of the region the server drew
 * (LiteToastRegion). No React root of its own: react-dom's client entry in this chunk would split the
 * framework's first chunk (+0.4 KB gzipped on every public page). Fetched right after the
 * page starts, not with it: the page's own script stays within its 140 KB budget, and this chunk is asked
 * for while the build that named it is still the one deployed.
 */
export function startLiteShell(show: (toaster: ReactNode) => void): () => void {
  const region = document.querySelector<HTMLElement>("[data-toast-region]");
  if (!region) return () => {};
  const { toastRegion: label = "", buildId = "", pollSeconds, newVersion = "", reload = "" } = region.dataset;
  let mounted = false;
  const onKey = (e: KeyboardEvent) => {
    if (!mounted && e.altKey && e.code === "KeyT") region.focus();
  };
  document.addEventListener("keydown", onKey);
  const stops = [
    guardChunkReload(),
    watchNewVersion(buildId, Number(pollSeconds) || 60, () => offerReload(newVersion, reload)),
    onToastWanted(() => {
      if (mounted) return;
      mounted = true;
      void import("./sonner-toaster").then(({ SonnerToaster }) => {
        // sonner draws its own labelled region (with the same hotkey) in place of the server's.
        region.remove();
        show(<SonnerToaster label={label} />);
      });
    }),
  ];
  return () => {
    document.removeEventListener("keydown", onKey);
    for (const stop of stops) stop();
  };
}
