"use client";

import { useTranslations } from "next-intl";
import type { ReactElement } from "react";
import { LogOutIcon } from "@/components/icons/lite/log-out";
import { UserRoundIcon } from "@/components/icons/lite/user-round";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { type OpenedBy, useFirstOpenFocus } from "@/components/ui/lazy-trigger";
import type { Account } from "./account-provider";
import { UserAvatar } from "./user-avatar";

/** The account menu's dropdown, loaded on its first use (components/account/account-menu.tsx). */
export function AccountDropdown(props: {
  trigger: ReactElement;
  openedBy: OpenedBy;
  account: Account;
  name: string;
  leaving: boolean;
  onProfile: () => void;
  onSignOut: () => void;
}) {
  const t = useTranslations("profile");
  const focusFirst = useFirstOpenFocus(props.openedBy);
  const { account } = props;
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{props.trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" ref={focusFirst}>
        <div className="flex items-center gap-3 border-b px-2 pt-1.5 pb-2.5 mb-1">
          <UserAvatar account={account} className="size-9" />
          <div className="min-w-0">
            <p data-testid="account-name" className="truncate text-sm font-medium">
              {props.name}
            </p>
            {account.email && (
              <p data-testid="account-email" className="truncate text-xs text-muted-foreground">
                {account.email}
              </p>
            )}
          </div>
        </div>
        <DropdownMenuItem onSelect={props.onProfile}>
          <UserRoundIcon className="size-4" aria-hidden />
          {t("open")}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={props.leaving} onSelect={props.onSignOut}>
          <LogOutIcon className="size-4" aria-hidden />
          {t("signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
