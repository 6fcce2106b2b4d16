"use client";

import { lazy, Suspense, useEffect } from "react";
import { useLiteT } from "@/lib/i18n/lite";

// The error boundary ships with every page, the public chat's included; the page it shows is fetched only
// when a page fails. Until it arrives (or if it cannot, offline) the same words show unstyled.
const ErrorPageView = lazy(() => import("./_error/error-page"));

/** Any error thrown while rendering a page lands here (the generic variant of SHELL-5). */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useLiteT("errorPage");
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Suspense
      fallback={
        <main id="content" data-error-status={500} className="p-8 text-center">
          <h1>{t("internalTitle")}</h1>
          <button type="button" onClick={reset}>
            {t("retry")}
          </button>
        </main>
      }
    >
      <ErrorPageView reset={reset} />
    </Suspense>
  );
}
