import "server-only";
import { translate } from "@/lib/i18n/messages";
import { type Locale, locales } from "@/lib/i18n/routing";

/** What an agent says first when its owner wrote nothing, in the owner's language. */
export function defaultGreeting(locale: Locale, name: string): string {
  return translate(locale, "setup.defaults.greeting", { name });
}

/** What an agent says when its knowledge has no answer, when its owner wrote nothing. */
export function defaultFallback(locale: Locale): string {
  return translate(locale, "setup.defaults.fallback");
}

/** The language whose default greeting for `name` this text is, if it is one. */
export function defaultGreetingLocale(text: string | null, name: string): Locale | null {
  if (text === null) return null;
  return locales.find((l) => defaultGreeting(l, name) === text) ?? null;
}

/** Whether this text is the untouched default fallback of some language. */
export function isDefaultFallback(text: string | null): boolean {
  return text !== null && locales.some((l) => defaultFallback(l) === text);
}
