"use client";

import { CheckIcon, LanguagesIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { usePathname, useRouter } from "@/lib/i18n/navigation";
import { type Locale, locales } from "@/lib/i18n/routing";
import { cn } from "@/lib/ui/cn";

/** SHELL-4: switches language on the same page; the proxy then stores the choice for 365 days. */
export function LanguageSwitcher({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useTranslations("language");
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const choose = (next: Locale) => {
    if (next === locale) return;
    const search = typeof window === "undefined" ? "" : window.location.search;
    startTransition(() => router.replace(`${pathname}${search}`, { locale: next }));
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size={compact ? "icon" : "sm"}
          aria-label={t("label")}
          disabled={pending}
          className={cn("gap-1.5", className)}
        >
          <LanguagesIcon aria-hidden />
          {!compact && <span className="uppercase">{locale}</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
