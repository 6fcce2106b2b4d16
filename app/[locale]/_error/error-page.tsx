"use client";

import { LockIcon } from "@/components/icons/lite/lock";
import { ServerCrashIcon } from "@/components/icons/lite/server-crash";
import { TriangleExclamationPointIcon } from "@/components/icons/lite/triangle-exclamation-point";
import { ErrorView } from "@/components/shell/error-view";
import { type PageFailure, shownError } from "@/lib/http/error-digest";
import { useLiteLocale, useLiteT } from "@/lib/i18n/lite";

// The two buttons drawn with their own classes (the button module's primary and outline looks), keeping
// the browser's own focus ring: the public chat's script has its own copy of the button module.
const BUTTON = "inline-flex h-10 touch:h-11 items-center rounded-md px-4 text-sm font-medium";
const PRIMARY = `${BUTTON} bg-primary text-primary-foreground hover:bg-primary/90`;
const OUTLINE = `${BUTTON} border bg-background hover:bg-accent`;

// The statuses whose status message messages/*.json names (errorPage.statuses).
const NAMED = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 502, 503, 504]);

function StatusIcon({ status }: { status: number }) {
  if (status === 401 || status === 403) return <LockIcon className="size-6" aria-hidden />;
  if (status < 500) return <TriangleExclamationPointIcon className="size-6" aria-hidden />;
  return <ServerCrashIcon className="size-6" aria-hidden />;
}

/**
 * The generic variant of SHELL-5, loaded by app/[locale]/error.tsx when a page fails: the error's own
 * status code, status message and message (spec §2); an unknown server error is a 500 with the generic text.
 */
export default function ErrorPageView({ error: thrown, reset }: { error: PageFailure; reset: () => void }) {
  const t = useLiteT("errorPage");
  const locale = useLiteLocale();
  // Read here, not in error.tsx: the boundary ships with every page, this view only when one fails.
  const error = shownError(thrown);
  const { status } = error;
  const title = NAMED.has(status)
    ? t(`statuses.${status}`)
    : status >= 500
      ? t("internalTitle")
      : t("requestTitle");
  const fallback = status >= 500 ? t("internalMessage") : t("requestMessage");
  return (
    <ErrorView
      status={status}
      icon={<StatusIcon status={status} />}
      statusLabel={t("status", { status })}
      title={title}
      message={error.message ?? fallback}
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
