"use client";

import { useLocale, useTranslations } from "next-intl";
import { type ReactElement, useTransition } from "react";
import { CheckIcon } from "@/components/icons/lite/check";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { type OpenedBy, useFirstOpenFocus } from "@/components/ui/lazy-trigger";
import { usePathname, useRouter } from "@/lib/i18n/navigation";
import { type Locale, locales } from "@/lib/i18n/routing";

/** The language switcher's menu, loaded on its first use (components/shell/language-switcher.tsx). */
export function LanguageMenu({
  trigger,
  openedBy,
}: {
  trigger: (pending: boolean) => ReactElement;
  openedBy: OpenedBy;
}) {
  const t = useTranslations("language");
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const focusFirst = useFirstOpenFocus(openedBy);

  const choose = (next: Locale) => {
    if (next === locale) return;
    const search = typeof window === "undefined" ? "" : window.location.search;
    startTransition(() => router.replace(`${pathname}${search}`, { locale: next }));
  };

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger(pending)}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" ref={focusFirst}>
        <DropdownMenuLabel>{t("label")}</DropdownMenuLabel>
        {locales.map((l) => (
          <DropdownMenuItem key={l} lang={l} onSelect={() => choose(l)}>
            <span className="flex-1">{t(l)}</span>
            {l === locale && <CheckIcon className="size-4 text-primary" aria-hidden />}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
