import { type Locale, locales } from "./routing";

/** "/setup?tab=x" in Vietnamese: "/vi/setup?tab=x"; "/" is "/vi"; anything not a local path is kept. */
export function localizedHref(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const path = /^[^?#]*/.exec(href)![0];
  return `/${locale}${path === "/" ? "" : path}${href.slice(path.length)}`;
}

const PREFIX = new RegExp(`^/(${locales.join("|")})(?=/|$)`);

/** The path without its locale ("/vi/setup" → "/setup", "/vi" → "/"), as next-intl's usePathname. */
export function unlocalizedPath(pathname: string): string {
  return pathname.replace(PREFIX, "") || "/";
}
