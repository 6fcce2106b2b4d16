"use client";

import { useLocale, useTranslations } from "next-intl";
import { LanguagesIcon } from "@/components/icons/lite/languages";
import { Button } from "@/components/ui/button";
import { useLazyTrigger } from "@/components/ui/lazy-trigger";
import type { Locale } from "@/lib/i18n/routing";
import { cn } from "@/lib/ui/cn";

const loadMenu = () => import("./language-menu");

/**
 * SHELL-4: switches language on the same page; the proxy then stores the choice for 365 days. The menu
 * (Radix) loads when first pointed at or pressed: until then this is its trigger alone.
 */
export function LanguageSwitcher({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useTranslations("language");
  const locale = useLocale() as Locale;
  const { loaded, triggerProps } = useLazyTrigger(loadMenu, "menu");
  const trigger = (pending: boolean, props?: typeof triggerProps) => (
    <Button
      variant="ghost"
      size={compact ? "icon" : "sm"}
      aria-label={t("label")}
      disabled={pending}
      className={cn("gap-1.5", className)}
      {...props}
    >
      <LanguagesIcon aria-hidden />
      {!compact && <span className="uppercase">{locale}</span>}
    </Button>
  );
  if (loaded) return <loaded.module.LanguageMenu trigger={trigger} openedBy={loaded.by} />;
  return trigger(false, triggerProps);
}
