import "@fontsource/be-vietnam-pro/400.css";
import "@fontsource/be-vietnam-pro/500.css";
import "@fontsource/be-vietnam-pro/600.css";
import "@fontsource/be-vietnam-pro/700.css";
import "../globals.css";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { LiteMessagesFor } from "@/components/i18n/lite-messages";
import { isLocale, locales } from "@/lib/i18n/routing";
import { buildMetadata } from "@/lib/seo/metadata";

const PATH_HEADER = "x-agentcity-path";

// Only en and vi exist: any other first segment is an unknown path (global not-found, status 404).
export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const path = (await headers()).get(PATH_HEADER) ?? `/${locale}`;
  return buildMetadata(locale, path);
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#4f46e5",
};

/**
 * What every page has: the document, the fonts and the few strings of the error page.
 * Everything else a page's client code needs comes from its group's layout: the site's own pages wrap
 * themselves in SiteProviders, the public chat pages in their own small set (issue 18: page weight).
 */
export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh font-sans">
        <LiteMessagesFor locale={locale} namespaces={["errorPage"]}>
          {children}
        </LiteMessagesFor>
      </body>
    </html>
  );
}
