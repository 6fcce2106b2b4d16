"use client";

import { useTranslations } from "next-intl";
import { MenuIcon } from "@/components/icons/lite/menu";
import { Button } from "@/components/ui/button";
import { useLazyTrigger } from "@/components/ui/lazy-trigger";
import type { MobileNavProps } from "./mobile-nav-props";

const loadSheet = () => import("./mobile-nav-sheet");

/**
 * The phone navigation: a menu button opening a sheet with the navigation; closes on navigation. The sheet
 * (Radix Dialog) loads when the button is first touched or pressed: until then the page has the button alone.
 */
export function MobileNav(props: MobileNavProps) {
  const t = useTranslations("nav");
  const { loaded, triggerProps } = useLazyTrigger(loadSheet, "dialog");
  const trigger = (extra?: typeof triggerProps) => (
    <Button variant="ghost" size="icon" aria-label={t("openMenu")} {...extra}>
      <MenuIcon aria-hidden />
    </Button>
  );
  if (loaded) return <loaded.module.MobileNavSheet {...props} trigger={trigger()} />;
  return trigger(triggerProps);
}
