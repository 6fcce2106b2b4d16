"use client";

import { useTranslations } from "next-intl";
import { type ReactElement, useState } from "react";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { cn } from "@/lib/ui/cn";
import type { MobileNavProps } from "./mobile-nav-props";
import { NavLinks } from "./nav-links";

/** The phone navigation's sheet, loaded on the menu button's first use (components/shell/mobile-nav.tsx). */
export function MobileNavSheet({ items, side, header, trigger }: MobileNavProps & { trigger: ReactElement }) {
  const t = useTranslations("nav");
  const [open, setOpen] = useState(true);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side={side} closeLabel={t("closeMenu")} className={cn("gap-6 p-4", !header && "pt-14")}>
        <SheetTitle className="sr-only">{t("main")}</SheetTitle>
        {header}
        <nav aria-label={t("main")}>
          <NavLinks items={items} vertical onNavigate={() => setOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
