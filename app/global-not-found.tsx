import "@fontsource/be-vietnam-pro/400.css";
import "@fontsource/be-vietnam-pro/600.css";
import "./globals.css";
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { NotFoundView } from "@/components/shell/not-found-view";
import { config } from "@/lib/config";
import { translate } from "@/lib/i18n/messages";
import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/routing";

/**
 * SHELL-5, 404 variant, for every path no page matches and for pages whose parameters fail validation
 * (proxy.ts sends those here). Rendered on the server with the 404 status, in the path's language.
 */
async function notFoundLocale(): Promise<{ locale: Locale; path: string }> {
  const path = (await headers()).get("x-agentcity-path") ?? "/";
  const first = path.split("/")[1];
  if (isLocale(first)) return { locale: first, path };
  const cookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  return { locale: isLocale(cookie) ? cookie : defaultLocale, path };
}

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await notFoundLocale();
  const { APP_NAME } = config();
  return {
    title: `${APP_NAME} — ${translate(locale, "meta.tagline")}`,
    description: translate(locale, "meta.description", { appName: APP_NAME }),
    robots: { index: false },
  };
}

export default async function GlobalNotFound() {
  const { locale, path } = await notFoundLocale();
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(locale, `errorPage.${key}`, values);
  return (
    <html lang={locale}>
      <body className="min-h-dvh font-sans">
        <NotFoundView locale={locale} path={path} t={t} />
      </body>
    </html>
  );
}
