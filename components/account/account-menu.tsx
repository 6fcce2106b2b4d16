"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useLazyTrigger } from "@/components/ui/lazy-trigger";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { cn } from "@/lib/ui/cn";
import { useAccount } from "./account-provider";
import { displayName, UserAvatar } from "./user-avatar";

// Loaded on first open: the dialog, its forms and the sessions list stay out of every page's first load.
const ProfileDialog = whenFirstOpen(() => import("./profile-dialog").then((m) => m.ProfileDialog));

const loadMenu = () => import("./account-dropdown");

/**
 * The signed-in user's menu (avatar button): name and e-mail, the profile dialog, sign out.
 * Renders nothing when signed out, so the shell can place it unconditionally. The menu (Radix) loads when
 * first pointed at or pressed: until then this is its trigger alone.
 */
export function AccountMenu({ className, withName = false }: { className?: string; withName?: boolean }) {
  const t = useTranslations("profile");
  const locale = useLocale();
  const { account, signOut } = useAccount();
  const [profileOpen, setProfileOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { loaded, triggerProps } = useLazyTrigger(loadMenu, "menu");
  if (!account) return null;

  const name = displayName(account, locale) || t("unnamed");
  const trigger = (props?: typeof triggerProps) => (
    <Button
      variant="ghost"
      size={withName ? "default" : "icon"}
      aria-label={t("menuLabel")}
      data-testid="account-menu"
      className={cn(withName ? "h-auto w-full justify-start gap-2 px-2 py-1.5" : "rounded-full", className)}
      {...props}
    >
      <UserAvatar account={account} />
      {withName && <span className="min-w-0 truncate text-left text-sm font-medium">{name}</span>}
    </Button>
  );
  return (
    <>
      {loaded ? (
        <loaded.module.AccountDropdown
          trigger={trigger()}
          openedBy={loaded.by}
          account={account}
          name={name}
          leaving={leaving}
          onProfile={() => setProfileOpen(true)}
          onSignOut={() => {
            setLeaving(true);
            void signOut().finally(() => setLeaving(false));
          }}
        />
      ) : (
        trigger(triggerProps)
      )}
      <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
    </>
  );
}
