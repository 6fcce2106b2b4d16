"use client";

import { lazy, Suspense, useEffect } from "react";
import { useLiteT } from "@/lib/i18n/lite";

/** The same words unstyled: while the page's view loads, or for good if it cannot (offline). */
function PlainErrorPage({ reset }: { reset: () => void }) {
  const t = useLiteT("errorPage");
  return (
    <main id="content" data-error-status={500} className="p-8 text-center">
      <h1>{t("internalTitle")}</h1>
      <button type="button" onClick={reset}>
        {t("retry")}
      </button>
    </main>
  );
}

// The error boundary ships with every page, the public chat's included; the page it shows is fetched only
// when a page fails.
const ErrorPageView = lazy(() => import("./_error/error-page").catch(() => ({ default: PlainErrorPage })));

/** Any error thrown while rendering a page lands here (the generic variant of SHELL-5). */
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
  return (
    <Suspense fallback={<PlainErrorPage reset={reset} />}>
      <ErrorPageView reset={reset} />
    </Suspense>
  );
}
