"use client";

import { useLocale } from "next-intl";
import { UserRoundIcon } from "@/components/icons/lite/user-round";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";

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
