"use client";

import { useBrowserTimeZone } from "@/lib/client/browser-time-zone";
import { useLiteLocale, useLiteT } from "@/lib/i18n/lite";

/**
 * "Last message 23 Nov 2026, 07:05" in the visitor's own zone (SHELL-4: visitors see their browser's
 * zone). The server cannot know it, so the time appears once the page runs in the browser.
 */
export function LastMessageTime({ iso }: { iso: string }) {
  const t = useLiteT("chatUi");
  const locale = useLiteLocale();
  const zone = useBrowserTimeZone();
  if (!zone) return <time dateTime={iso} />;
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: zone,
  }).format(new Date(iso));
  return <time dateTime={iso}>{t("lastMessage", { date })}</time>;
}
