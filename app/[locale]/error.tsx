"use client";

import { lazy, Suspense, useEffect } from "react";
import { type ShownError, shownError } from "@/lib/http/error-digest";
import { useLiteT } from "@/lib/i18n/lite";

/** The same facts unstyled: while the page's view loads, or for good if it cannot (offline). */
function PlainErrorPage({ error, reset }: { error: ShownError; reset: () => void }) {
  const t = useLiteT("errorPage");
  return (
    <main id="content" data-error-status={error.status} className="p-8 text-center">
      <p>{t("status", { status: error.status })}</p>
      <h1>{error.status >= 500 ? t("internalTitle") : t("requestTitle")}</h1>
      {error.message && <p>{error.message}</p>}
      <button type="button" onClick={reset}>
        {t("retry")}
      </button>
    </main>
  );
}

// The error boundary ships with every page, the public chat's included; the page it shows is fetched only
// when a page fails.
const ErrorPageView = lazy(() => import("./_error/error-page").catch(() => ({ default: PlainErrorPage })));

/**
 * Any error thrown while rendering a page lands here (the generic variant of SHELL-5), shown with its own
 * status and message: lib/http/error-digest.ts says which errors have them.
 */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const shown = shownError(error);
  return (
    <Suspense fallback={<PlainErrorPage error={shown} reset={reset} />}>
      <ErrorPageView error={shown} reset={reset} />
    </Suspense>
  );
}
