"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/shell/load-state";

// All of the inbox is client work (live events, the wait clock): its code loads as the page starts, not
// within the page's first download (issue 18: page weight), the shell already usable meanwhile.
const InboxView = lazy(() => import("./inbox-view").then((m) => ({ default: m.InboxView })));

export function InboxPage() {
  const t = useTranslations("inbox");
  return (
    <Suspense fallback={<Loading label={t("loading")} />}>
      <InboxView />
    </Suspense>
  );
}
