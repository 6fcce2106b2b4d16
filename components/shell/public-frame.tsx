import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";

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
  return (
    <>
      <header className="flex h-14 items-center justify-between px-4 sm:px-6">
        <Logo appName={appName} className="text-base" />
        <LanguageToggle />
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
