import "@fontsource/be-vietnam-pro/400.css";
import "@fontsource/be-vietnam-pro/500.css";
import "@fontsource/be-vietnam-pro/600.css";
import "@fontsource/be-vietnam-pro/700.css";
import "../globals.css";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { AccountProvider } from "@/components/account/account-provider";
import { AppToaster } from "@/components/shell/app-toaster";
import { DeviceInfoProvider } from "@/components/shell/device-info";
import { VersionWatcher } from "@/components/shell/version-watcher";
import { pageSession } from "@/lib/auth/page-session";
import { config } from "@/lib/config";
import { deviceInfoFromUserAgent } from "@/lib/device/detect";
import { isLocale, locales } from "@/lib/i18n/routing";
import { buildMetadata } from "@/lib/seo/metadata";
import { currentBuild } from "@/lib/version/build";

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
  const h = await headers();
  const device = deviceInfoFromUserAgent(h.get("user-agent") ?? "");
  const { APP_NAME, VERSION_POLL_SECONDS } = config();
  const build = currentBuild();
  const session = await pageSession();
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh font-sans">
        <NextIntlClientProvider>
          <DeviceInfoProvider initial={device}>
            <AccountProvider initial={session}>{children}</AccountProvider>
            <AppToaster />
            <VersionWatcher buildId={build.buildId} pollSeconds={VERSION_POLL_SECONDS} appName={APP_NAME} />
          </DeviceInfoProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
