"use client";

import { useTranslations } from "next-intl";
import { Link, usePathname } from "@/lib/i18n/navigation";
import { cn } from "@/lib/ui/cn";

const TABS = [
  { key: "members", href: "/settings/members" },
  { key: "audit", href: "/settings/audit" },
  { key: "data", href: "/settings/data" },
] as const;

/** Settings' own navigation: Members, Audit and Data. */
export function SettingsTabs() {
  const t = useTranslations("settings.tabs");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="mb-6 border-b">
      <ul className="flex gap-1">
        {TABS.map((tab) => {
          const current = pathname === tab.href;
          return (
            <li key={tab.key}>
              <Link
                href={tab.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  current
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {t(tab.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
