import type { ReactNode } from "react";
import { LiteIntl, type LiteMessages } from "@/lib/i18n/lite";
import { type Messages, messagesFor } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/routing";

export type LiteNamespace = keyof Messages;

/**
 * Hands the client components below the namespaces they read, and no others: each one's strings are
 * inlined into the page's HTML once, so a page carries only what it can show.
 */
export function LiteMessagesFor({
  locale,
  namespaces,
  children,
}: {
  locale: Locale;
  namespaces: readonly LiteNamespace[];
  children: ReactNode;
}) {
  const all = messagesFor(locale);
  const messages: LiteMessages = {};
  for (const ns of namespaces) messages[ns] = all[ns] as LiteMessages;
  return (
    <LiteIntl locale={locale} messages={messages}>
      {children}
    </LiteIntl>
  );
}
