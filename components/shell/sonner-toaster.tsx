"use client";

import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { toasterReady } from "./toast";
import { TOASTER_SETTINGS } from "./toaster-settings";

/** sonner's Toaster with the site's settings; loaded by AppToaster when the first toast is wanted. */
export function SonnerToaster({ label }: { label: string }) {
  // The Toaster (a child) subscribes in its own effect, which runs before this one: nothing is lost.
  useEffect(() => toasterReady(toast), []);
  return (
    <Toaster
      {...TOASTER_SETTINGS}
      hotkey={[...TOASTER_SETTINGS.hotkey]}
      containerAriaLabel={label}
      toastOptions={{ duration: TOASTER_SETTINGS.duration }}
    />
  );
}
