import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { config } from "@/lib/config";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";

/** The frame of blank-layout pages: a slim bar, the content column, "Powered by". */
export async function PublicFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { APP_NAME } = config();
  const t = await getTranslations("publicChat");
  return (
    <>
      <header className="flex h-14 items-center justify-between px-4 sm:px-6">
        <Logo appName={APP_NAME} className="text-base" />
        <LanguageToggle />
      </header>
      <main
        id="content"
        className={`mx-auto w-full flex-1 px-4 py-6 sm:px-6 ${wide ? "max-w-5xl" : "max-w-2xl"}`}
      >
        {children}
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">
        {t("poweredBy", { appName: APP_NAME })}
      </footer>
    </>
  );
}
