"use client";

import { type ReactNode, useEffect, useState } from "react";

/**
 * Starts lite-shell-start.tsx once the page runs, and returns the toaster it hands back to draw. Called by
 * the public chat's islands (no chunk of its own on those pages: their 140 KB budget) and by
 * LiteShellStarter on the visitor's list of chats; the widget's frame starts it itself.
 */
export function useLiteShell(): ReactNode {
  const [toaster, setToaster] = useState<ReactNode>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    import("./lite-shell-start")
      .then((m) => {
        if (!gone) stop = m.startLiteShell(setToaster);
      })
      .catch(() => {
        // A deployment raced the page's start: its next navigation loads the new build anyway.
      });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  return toaster;
}

export function LiteShellStarter() {
  return useLiteShell();
}
