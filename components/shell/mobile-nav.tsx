"use client";

import { MenuIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import type { NavItem } from "@/lib/navigation/items";
import { cn } from "@/lib/ui/cn";
import { NavLinks } from "./nav-links";

/** The phone navigation: a menu button opening a sheet with the navigation; closes on navigation. */
export function MobileNav({
  items,
  side,
  header,
}: {
  items: NavItem[];
  side: "left" | "right";
  header?: ReactNode;
}) {
  const t = useTranslations("nav");
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("openMenu")}>
          <MenuIcon aria-hidden />
        </Button>
      </SheetTrigger>
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
