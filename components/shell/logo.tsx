"use client";

import { clsx } from "clsx";
import Link from "next/link";
import { useLiteLocale } from "@/lib/i18n/lite";
import { LOGO_CLASS, LogoMark } from "./logo-mark";

/** The product's name and mark, linking home in the page's language (a client-side navigation). */
export function Logo({ appName, className }: { appName: string; className?: string }) {
  const locale = useLiteLocale();
  return (
    <Link href={`/${locale}`} className={clsx(LOGO_CLASS, className)}>
      <LogoMark appName={appName} />
    </Link>
  );
}
