"use client";

import { useSyncExternalStore } from "react";

/** The browser's IANA time zone, UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

const noop = () => () => {};

/**
 * The browser's zone; null while rendering on the server, which cannot know it. A module of its own so that
 * the public chat reads it without the account and history code.
 */
export function useBrowserTimeZone(): string | null {
  return useSyncExternalStore(noop, browserTimeZone, () => null);
}
