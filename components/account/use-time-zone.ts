"use client";

import { useBrowserTimeZone } from "@/lib/client/browser-time-zone";
import { useAccount } from "./account-provider";

/**
 * The one rule for times (SHELL-4): an owner sees their saved zone (profile `time_zone`, taken from their
 * browser at first sign-in and editable); anyone else, or an owner before it is saved, their browser's.
 * Null during the server render: callers show times once this has a value.
 */
export function useTimeZone(): string | null {
  const { account } = useAccount();
  const browser = useBrowserTimeZone();
  return account?.time_zone ?? browser;
}
