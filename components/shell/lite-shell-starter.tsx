"use client";

import { type ReactNode, useEffect, useState } from "react";

/** Starts lite-shell-start.tsx once the page runs (the public chat pages; the widget's frame starts it itself). */
export function LiteShellStarter() {
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
