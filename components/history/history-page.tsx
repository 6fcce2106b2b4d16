"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/shell/load-state";

// The history view is all client work (the owner's time zone and the screen width are known only in the
// browser; the server draws its loading line): its code (list, calendar, search, export and their queries,
// ~12 KB gzipped) loads as the page starts rather than within the page's first download (issue 18: page
// weight), while the shell around it is already usable. Same loading line meanwhile.
const HistoryView = lazy(() => import("./history-view").then((m) => ({ default: m.HistoryView })));

export function HistoryPage() {
  const t = useTranslations("history");
  return (
    <Suspense fallback={<Loading label={t("loading")} />}>
      <HistoryView />
    </Suspense>
  );
}
