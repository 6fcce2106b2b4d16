"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AccountMenu } from "@/components/account/account-menu";
import { appNav } from "@/lib/navigation/items";
import type { ShellChoice } from "@/lib/shared/shell-choice";
import { AgentSwitcher } from "./agent-switcher";
import { useDeviceInfo } from "./device-info";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";

/** The chat layout: a sidebar on wide screens, a top bar with a menu sheet on phones. */
export function AppShell({
  appName,
  choice,
  children,
}: {
  appName: string;
  /** the browser's workspace and agent; null while the session still has to be renewed */
  choice: ShellChoice | null;
  children: ReactNode;
}) {
  const t = useTranslations("nav");
  const { isMobile } = useDeviceInfo();

  if (isMobile) {
    return (
      <div className="flex min-h-dvh flex-col">
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur">
          <MobileNav items={appNav} side="left" header={<Logo appName={appName} />} />
          <Logo appName={appName} className="text-base" />
          <LanguageSwitcher compact className="ml-auto" />
          <AccountMenu />
        </header>
        {choice && (
          <div className="border-b px-3 py-2">
            <AgentSwitcher choice={choice} />
          </div>
        )}
        <main id="content" className="flex-1 px-4 py-6">
          {children}
        </main>
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh">
      <aside className="sticky top-0 flex h-dvh w-64 shrink-0 flex-col gap-6 border-r bg-sidebar p-4 text-sidebar-foreground">
        <Logo appName={appName} className="px-1" />
        {choice && <AgentSwitcher choice={choice} />}
        <nav aria-label={t("main")} className="flex-1">
          <NavLinks items={appNav} vertical />
        </nav>
        <LanguageSwitcher className="self-start" />
        <AccountMenu withName />
      </aside>
      <main id="content" className="min-w-0 flex-1 px-8 py-8">
        {children}
      </main>
    </div>
  );
}
