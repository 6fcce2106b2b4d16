"use client";

import { ServerCrashIcon } from "@/components/icons/lite/server-crash";
import { ErrorView } from "@/components/shell/error-view";
import { useLiteLocale, useLiteT } from "@/lib/i18n/lite";

// The two buttons drawn with their own classes (the button module's primary and outline looks), keeping
// the browser's own focus ring: the public chat's script has its own copy of the button module.
const BUTTON = "inline-flex h-10 touch:h-11 items-center rounded-md px-4 text-sm font-medium";
const PRIMARY = `${BUTTON} bg-primary text-primary-foreground hover:bg-primary/90`;
const OUTLINE = `${BUTTON} border bg-background hover:bg-accent`;

/** The generic variant of SHELL-5 (500), loaded by app/[locale]/error.tsx when a page fails. */
export default function ErrorPageView({ reset }: { reset: () => void }) {
  const t = useLiteT("errorPage");
  const locale = useLiteLocale();
  return (
    <ErrorView
      status={500}
      icon={<ServerCrashIcon className="size-6" aria-hidden />}
      statusLabel={t("status", { status: 500 })}
      title={t("internalTitle")}
      message={t("internalMessage")}
      actions={
        <>
          <button type="button" className={PRIMARY} onClick={reset}>
            {t("retry")}
          </button>
          <a href={`/${locale}`} className={OUTLINE}>
            {t("backHome")}
          </a>
        </>
      }
    />
  );
}
