import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import type { Locale } from "./routing";

/** Server-side access to the catalogues for text outside React (API errors, e-mails). */
const catalogues = { en, vi } as const;

export type Messages = typeof en;

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale] as Messages;
}

/** Looks up "a.b.c" and fills {name} placeholders; falls back to English, then to the key. */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const find = (tree: unknown) =>
    key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  const found = find(catalogues[locale]) ?? find(catalogues.en);
  const text = typeof found === "string" ? found : key;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}
