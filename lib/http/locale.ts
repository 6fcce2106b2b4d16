import "server-only";
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale, locales } from "@/lib/i18n/routing";

/** The language of an API request: ?locale=, then the locale cookie, then Accept-Language. */
export function requestLocale(req: Request): Locale {
  const url = new URL(req.url);
  const q = url.searchParams.get("locale");
  if (isLocale(q)) return q;
  const cookie = req.headers
    .get("cookie")
    ?.split(";")
    .map((c) => c.trim().split("="))
    .find(([k]) => k === LOCALE_COOKIE)?.[1];
  if (isLocale(cookie)) return cookie;
  return fromAcceptLanguage(req.headers.get("accept-language"));
}

export function fromAcceptLanguage(header: string | null): Locale {
  if (!header) return defaultLocale;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0] ?? "", q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { lang } of ranked) {
    if ((locales as readonly string[]).includes(lang)) return lang as Locale;
  }
  return defaultLocale;
}
