"use client";

import { type ComponentType, useEffect, useRef, useState } from "react";
import { onToastWanted } from "./toast";
import { HOTKEY_LABEL } from "./toaster-settings";

type Loaded = ComponentType<{ label: string }>;

/**
 * The toast region (SHELL-7), always present. Until the first toast it is the empty, labelled live region
 * sonner itself renders when there is nothing to show, reachable with Alt+T; the first toast
 * (components/shell/toast.ts) loads sonner and swaps in its Toaster, so no page downloads sonner before it
 * has something to say.
 */
export function ToastRegion({ label }: { label: string }) {
  const [Toaster, setToaster] = useState<Loaded | null>(null);
  const region = useRef<HTMLElement>(null);
  useEffect(
    () =>
      onToastWanted(() => {
        void import("./sonner-toaster").then((m) => setToaster(() => m.SonnerToaster));
      }),
    [],
  );
  useEffect(() => {
    if (Toaster) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.code === "KeyT") region.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [Toaster]);
  if (Toaster) return <Toaster label={label} />;
  return (
    <section
      ref={region}
      aria-label={`${label} ${HOTKEY_LABEL}`}
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
    />
  );
}
