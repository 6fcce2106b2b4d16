"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { UserRoundIcon } from "@/components/icons/lite/user-round";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { useLazyTrigger } from "@/components/ui/lazy-trigger";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { cn } from "@/lib/ui/cn";
import { useAccount } from "./account-provider";

// Loaded on first open: the dialog, its forms and the sessions list stay out of every page's first load.
const ProfileDialog = whenFirstOpen(() => import("./profile-dialog").then((m) => m.ProfileDialog));

type Named = { first_name?: string | null; last_name?: string | null; email?: string | null };

/** Vietnamese puts the family name first ("Nguyễn An"); English the given name ("An Nguyen"). */
export function displayName(a: Named, locale: string): string {
  const first = a.first_name?.trim() ?? "";
  const last = a.last_name?.trim() ?? "";
  return (locale === "vi" ? [last, first] : [first, last]).filter(Boolean).join(" ");
}

export function initialsOf(a: Named, locale: string): string {
  const words = displayName(a, locale).split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  const fromName = letters.map((w) => Array.from(w)[0] ?? "").join("");
  return (fromName || Array.from(a.email ?? "")[0] || "").toLocaleUpperCase(locale);
}

/** The avatar with an initials fallback; a broken image URL also falls back to the initials. */
export function UserAvatar({
  account,
  src,
  className,
}: {
  account: Named;
  /** overrides the account's avatar (the dialog's live preview) */
  src?: string | null;
  className?: string;
}) {
  const locale = useLocale();
  const initials = initialsOf(account, locale);
  const image = src === undefined ? (account as { avatar?: string | null }).avatar : src;
  return (
    <Avatar className={className}>
      {image && <AvatarImage key={image} src={image} alt="" referrerPolicy="no-referrer" />}
      <AvatarFallback>{initials || <UserRoundIcon className="size-4" aria-hidden />}</AvatarFallback>
    </Avatar>
  );
}

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
