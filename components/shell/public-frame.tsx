import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/routing";
import { LanguageLink } from "./language-link";
import { PlainLogo } from "./logo-mark";

/** The frame of blank-layout pages: a slim bar, the content column, "Powered by". */
export async function PublicFrame({
  appName,
  children,
  wide = false,
}: {
  appName: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const t = await getTranslations("publicChat");
  const locale = (await getLocale()) as Locale;
  const language = await getTranslations("language");
  const other: Locale = locale === "en" ? "vi" : "en";
  // The address as requested (proxy.ts), for the link to the same page in the other language.
  const path = (await headers()).get("x-agentcity-path") ?? `/${locale}`;
  return (
    <>
      <header className="flex h-14 items-center justify-between px-4 sm:px-6">
        <PlainLogo appName={appName} locale={locale} className="text-base" />
        <LanguageLink other={other} path={path} label={language("label")} name={language(other)} />
      </header>
      <main
        id="content"
        className={`mx-auto w-full flex-1 px-4 py-6 sm:px-6 ${wide ? "max-w-5xl" : "max-w-2xl"}`}
      >
        {children}
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">
        {t("poweredBy", { appName })}
      </footer>
    </>
  );
}
