import "server-only";
import type { Metadata, ResolvingMetadata } from "next";
import { headers } from "next/headers";
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

/**
 * A public chat page's metadata (issue 43): the agent's name in the title of the tab, the shared link and
 * the social card, and its greeting as the description, so a link to the chat says whom it opens.
 */
export function agentChatMetadata(
  locale: Locale,
  pathname: string,
  agent: { name: string; greeting: string },
): Metadata {
  const base = buildMetadata(locale, pathname);
  const title = `${agent.name} — ${config().APP_NAME}`;
  const description = agent.greeting.replace(/\s+/g, " ").trim().slice(0, 200) || base.description;
  return {
    ...base,
    title,
    description,
    openGraph: { ...base.openGraph, title, description: description ?? undefined },
    twitter: { ...base.twitter, title, description: description ?? undefined },
  };
}

/** The request's path, as proxy.ts hands it to pages (a page is not told its own URL). */
const PATH_HEADER = "x-agentcity-path";

/**
 * A page's own title before the product's ("Billing — AgentCity"), in the tab, the shared link and the
 * social card; `titleKey` is a message key in the page's language.
 */
export async function titledPageMetadata(
  locale: Locale,
  titleKey: string,
  parent: ResolvingMetadata,
): Promise<Metadata> {
  const path = (await headers()).get(PATH_HEADER) ?? `/${locale}`;
  const base = buildMetadata(locale, path);
  const title = `${translate(locale, titleKey)} — ${config().APP_NAME}`;
  return withParentImages(
    { ...base, title, openGraph: { ...base.openGraph, title }, twitter: { ...base.twitter, title } },
    parent,
  );
}

/**
 * A page that sets `openGraph` or `twitter` replaces its layout's, and with them the social images the
 * locale's opengraph-image and twitter-image files give every page: they are carried over.
 */
export async function withParentImages(meta: Metadata, parent: ResolvingMetadata): Promise<Metadata> {
  const resolved = await parent;
  return {
    ...meta,
    openGraph: { ...meta.openGraph, images: resolved.openGraph?.images },
    twitter: { ...meta.twitter, images: resolved.twitter?.images },
  };
}

/** "/vi/setup" → "/setup", "/en" → "", anything else unchanged. */
export function stripLocale(pathname: string): string {
  const match = pathname.match(/^\/(en|vi)(?=\/|$)/);
  const rest = match ? pathname.slice(match[0].length) : pathname;
  return rest === "/" ? "" : rest;
}
