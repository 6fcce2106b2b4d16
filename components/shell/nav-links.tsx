"use client";

import { useTranslations } from "next-intl";
import { useAccount } from "@/components/account/account-provider";
import { CreditCardIcon } from "@/components/icons/lite/credit-card";
import { FileTextIcon } from "@/components/icons/lite/file-text";
import { KeyRoundIcon } from "@/components/icons/lite/key-round";
import { LockIcon } from "@/components/icons/lite/lock";
import { MessageCircleIcon } from "@/components/icons/lite/message-circle";
import { MessagesSquareIcon } from "@/components/icons/lite/messages-square";
import { PanelBottomOpenIcon } from "@/components/icons/lite/panel-bottom-open";
import { RotateCcwClockIcon as HistoryIcon } from "@/components/icons/lite/rotate-ccw-clock";
import { SettingsIcon } from "@/components/icons/lite/settings";
import { TagIcon } from "@/components/icons/lite/tag";
import { UsersIcon } from "@/components/icons/lite/users";
import { Link, usePathname } from "@/lib/i18n/navigation";
import { activeNavKey, type NavItem, type NavKey } from "@/lib/navigation/items";
import { cn } from "@/lib/ui/cn";

const icons: Record<NavKey, typeof SettingsIcon> = {
  setup: SettingsIcon,
  files: FileTextIcon,
  widget: PanelBottomOpenIcon,
  apiKeys: KeyRoundIcon,
  channels: MessagesSquareIcon,
  chat: MessageCircleIcon,
  history: HistoryIcon,
  inbox: MessagesSquareIcon,
  billing: CreditCardIcon,
  settings: UsersIcon,
  pricing: TagIcon,
};

/** Navigation links with the current page marked; `vertical` for the sidebar and the mobile sheet. */
export function NavLinks({
  items,
  vertical = false,
  onNavigate,
}: {
  items: NavItem[];
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const t = useTranslations("nav");
  const pathname = usePathname();
  const active = activeNavKey(pathname, items);
  // The lock tells a signed-out visitor what needs an account; once signed in it is noise.
  const signedIn = useAccount().status === "signed-in";
  return (
    <ul className={cn("flex gap-1", vertical ? "flex-col" : "items-center")}>
      {items.map((item) => {
        const Icon = icons[item.key];
        const current = item.key === active;
        return (
          <li key={item.key}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={current ? "page" : undefined}
              className={cn(
                "flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                current
                  ? "bg-sidebar-accent text-sidebar-accent-foreground"
                  : "text-muted-foreground hover:bg-accent hover:text-foreground",
              )}
            >
              {vertical && <Icon className="size-4" aria-hidden />}
              <span>{t(item.key)}</span>
              {vertical && item.requiresAuth && !signedIn && (
                <LockIcon className="ml-auto size-3 opacity-40" aria-label={t("requiresSignIn")} />
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
