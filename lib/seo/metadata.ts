import "server-only";
import type { Metadata } from "next";
import { config } from "@/lib/config";
import { translate } from "@/lib/i18n/messages";
import { type Locale, locales } from "@/lib/i18n/routing";

/** SHELL-6: title and description from the product name and translated tagline, hreflang alternates. */
export function buildMetadata(locale: Locale, pathname: string): Metadata {
  const { APP_NAME, APP_URL } = config();
  const tagline = translate(locale, "meta.tagline");
  const title = `${APP_NAME} — ${tagline}`;
  const description = translate(locale, "meta.description", { appName: APP_NAME });
  const rest = stripLocale(pathname);
  const languages = Object.fromEntries(locales.map((l) => [l, `/${l}${rest}`]));
  return {
    metadataBase: new URL(APP_URL),
    title,
    description,
    applicationName: APP_NAME,
    alternates: { canonical: `/${locale}${rest}`, languages: { ...languages, "x-default": `/en${rest}` } },
    openGraph: {
      type: "website",
      siteName: APP_NAME,
      title,
      description,
      locale: locale === "vi" ? "vi_VN" : "en_US",
      url: `/${locale}${rest}`,
    },
    twitter: { card: "summary_large_image", title, description },
  };
}

/** "/vi/setup" → "/setup", "/en" → "", anything else unchanged. */
export function stripLocale(pathname: string): string {
  const match = pathname.match(/^\/(en|vi)(?=\/|$)/);
  const rest = match ? pathname.slice(match[0].length) : pathname;
  return rest === "/" ? "" : rest;
}
