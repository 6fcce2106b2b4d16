"use client";

import { LanguagesIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Link, usePathname } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/routing";

/**
 * The language choice on public pages: with two languages one link to the same page in the other is
 * enough, and it keeps the menu library out of the page a visitor opens on a phone.
 */
export function LanguageToggle() {
  const t = useTranslations("language");
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const other: Locale = locale === "en" ? "vi" : "en";
  return (
    <Link
      href={pathname}
      locale={other}
      lang={other}
      hrefLang={other}
      title={t("label")}
      className="inline-flex h-9 touch:h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none"
    >
      <LanguagesIcon className="size-4" aria-hidden />
      {t(other)}
    </Link>
  );
}
