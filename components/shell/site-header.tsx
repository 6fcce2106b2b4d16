"use client";

import { useTranslations } from "next-intl";
import { AccountMenu } from "@/components/account/account-menu";
import { useAccount } from "@/components/account/account-provider";
import { Button } from "@/components/ui/button";
import { Link } from "@/lib/i18n/navigation";
import { marketingNav } from "@/lib/navigation/items";
import { useDeviceInfo } from "./device-info";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";

/** Header of the default layout: logo, navigation, language and sign-in. */
export function SiteHeader({ appName }: { appName: string }) {
  const t = useTranslations("nav");
  const { isMobile } = useDeviceInfo();
  const { account } = useAccount();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo appName={appName} />
        {!isMobile && (
          <nav aria-label={t("main")} className="ml-4">
            <NavLinks items={marketingNav} />
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitcher compact={isMobile} />
          {account ? (
            <AccountMenu className="ml-1" />
          ) : (
            <Button asChild size="sm" className="ml-1">
              <Link href="/#sign-in">{t("signIn")}</Link>
            </Button>
          )}
          {isMobile && <MobileNav items={marketingNav} side="right" />}
        </div>
      </div>
    </header>
  );
}
