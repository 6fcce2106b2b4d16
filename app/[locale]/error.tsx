"use client";

import { lazy, Suspense } from "react";
import type { PageFailure } from "@/lib/http/error-digest";
import { useLiteT } from "@/lib/i18n/lite";

/** The essentials unstyled, while the page's view loads. */
function PlainErrorPage({ reset }: { reset: () => void }) {
  const t = useLiteT("errorPage");
  return (
    <main id="content" className="p-8 text-center">
      <h1>{t("requestTitle")}</h1>
      <button type="button" onClick={reset}>
        {t("retry")}
      </button>
    </main>
  );
}

// The error boundary ships with every page, the public chat's included; the page it shows (with the error's
// own status and message, lib/http/error-digest.ts) is fetched only when a page fails. If that fetch fails
// too (offline), app/global-error.tsx says the essentials in both languages. React logs the error itself.
const ErrorPageView = lazy(() => import("./_error/error-page"));

/** Any error thrown while rendering a page lands here (the generic variant of SHELL-5). */
export default function ErrorPage({ error, reset }: { error: PageFailure; reset: () => void }) {
  return (
    <Suspense fallback={<PlainErrorPage reset={reset} />}>
      <ErrorPageView error={error} reset={reset} />
    </Suspense>
  );
}
