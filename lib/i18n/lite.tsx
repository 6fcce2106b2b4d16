"use client";

import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { Locale } from "./routing";

/**
 * Translations for the pages every visitor opens (the public chat, the error page, the language link):
 * only the namespaces a layout hands down, and a formatter that knows `{name}` and nothing else. next-intl's
 * client (~4 KB gzipped, formatting messages lib/i18n/request.ts compiled) and all of its message namespaces
 * inlined into the HTML (~35 KB raw) stay with the owner pages that use plurals and dates. Messages read here must not use ICU
 * plural or select syntax: tests/unit/lite-messages.test.ts fails on any that does.
 */
export type LiteMessages = { [key: string]: string | LiteMessages };
type Values = Record<string, string | number>;
type Lite = { locale: Locale; messages: LiteMessages };

const LiteContext = createContext<Lite | null>(null);

/** Adds namespaces to those of any provider above (a layout's own on top of the root's). */
export function LiteIntl({ locale, messages, children }: Lite & { children: ReactNode }) {
  const parent = useContext(LiteContext);
  const value = useMemo(
    () => ({ locale, messages: parent ? { ...parent.messages, ...messages } : messages }),
    [locale, messages, parent],
  );
  return <LiteContext.Provider value={value}>{children}</LiteContext.Provider>;
}

function useLite(): Lite {
  const lite = useContext(LiteContext);
  if (!lite) throw new Error("LiteIntl is missing above this component");
  return lite;
}

export function useLiteLocale(): Locale {
  return useLite().locale;
}

/** `t("key", {n: 1})` over one namespace; a dotted key reads a nested message. */
export function useLiteT(namespace: string): (key: string, values?: Values) => string {
  const { messages } = useLite();
  return useMemo(() => {
    const space = messages[namespace];
    return (key, values) => {
      let node: string | LiteMessages | undefined = typeof space === "object" ? space : undefined;
      for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
      // A missing message shows its key, as next-intl does, instead of breaking the page.
      if (typeof node !== "string") return `${namespace}.${key}`;
      return formatLite(node, values);
    };
  }, [messages, namespace]);
}

export function formatLite(message: string, values?: Values): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
