"use client";

import { LogOutIcon, UserRoundIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/ui/cn";
import { useAccount } from "./account-provider";

// Loaded on first open: the dialog, its forms and the sessions list stay out of every page's first load.
const ProfileDialog = dynamic(() => import("./profile-dialog").then((m) => m.ProfileDialog), { ssr: false });

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

/**
 * The signed-in user's menu (avatar button): name and e-mail, the profile dialog, sign out.
 * Renders nothing when signed out, so the shell can place it unconditionally.
 */
export function AccountMenu({ className, withName = false }: { className?: string; withName?: boolean }) {
  const t = useTranslations("profile");
  const locale = useLocale();
  const { account, signOut } = useAccount();
  const [profileOpen, setProfileOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [profileOpened, setProfileOpened] = useState(false);
  if (!account) return null;

  const name = displayName(account, locale) || t("unnamed");
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size={withName ? "default" : "icon"}
            aria-label={t("menuLabel")}
            data-testid="account-menu"
            className={cn(
              withName ? "h-auto w-full justify-start gap-2 px-2 py-1.5" : "rounded-full",
              className,
            )}
          >
            <UserAvatar account={account} />
            {withName && <span className="min-w-0 truncate text-left text-sm font-medium">{name}</span>}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <div className="flex items-center gap-3 border-b px-2 pt-1.5 pb-2.5 mb-1">
            <UserAvatar account={account} className="size-9" />
            <div className="min-w-0">
              <p data-testid="account-name" className="truncate text-sm font-medium">
                {name}
              </p>
              {account.email && (
                <p data-testid="account-email" className="truncate text-xs text-muted-foreground">
                  {account.email}
                </p>
              )}
            </div>
          </div>
          <DropdownMenuItem
            onSelect={() => {
              setProfileOpened(true);
              setProfileOpen(true);
            }}
          >
            <UserRoundIcon className="size-4" aria-hidden />
            {t("open")}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={leaving}
            onSelect={() => {
              setLeaving(true);
              void signOut().finally(() => setLeaving(false));
            }}
          >
            <LogOutIcon className="size-4" aria-hidden />
            {t("signOut")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {profileOpened && <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />}
    </>
  );
}
