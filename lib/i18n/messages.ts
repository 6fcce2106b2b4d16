import { IntlMessageFormat } from "intl-messageformat";
import en from "@/messages/en.json";
import vi from "@/messages/vi.json";
import type { Locale } from "./routing";

/** Server-side access to the catalogues for text outside React (API errors, e-mails). */
const catalogues = { en, vi } as const;

export type Messages = typeof en;

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale] as Messages;
}

/** A message with ICU arguments beyond {name}: plural, select, number… */
const ICU = /\{\s*\w+\s*,\s*(?:plural|select|selectordinal|number|date|time)\b/;
const compiled = new Map<string, IntlMessageFormat>();

/**
 * Looks up "a.b.c" and fills its placeholders, ICU plurals included ("come back in {hours, plural, =1
 * {an hour} other {# hours}}"); falls back to English, then to the key.
 */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const find = (tree: unknown) =>
    key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  const own = find(catalogues[locale]);
  const found = own ?? find(catalogues.en);
  const text = typeof found === "string" ? found : key;
  if (typeof found === "string" && ICU.test(text)) {
    const lang = typeof own === "string" ? locale : "en";
    const id = `${lang}\u0000${key}`;
    try {
      let format = compiled.get(id);
      if (!format) {
        format = new IntlMessageFormat(text, lang);
        compiled.set(id, format);
      }
      return String(format.format(values));
    } catch {
      // A value missing for an argument: the simple filling below still says the rest.
    }
  }
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}
