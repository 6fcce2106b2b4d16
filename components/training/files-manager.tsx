"use client";

import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { Loading } from "@/components/shell/load-state";
import { Button } from "@/components/ui/button";
import { useOwnerAgentQuery } from "@/lib/client/queries/agent";
import { Link } from "@/lib/i18n/navigation";
import { AddSources } from "./add-sources";

// The documents list below the forms loads its code after the page's own (issue 18: page weight): the
// server renders it (its loading line until the list arrives) and React hydrates it when the code does.
const DocumentsTable = lazy(() => import("./documents-table").then((m) => ({ default: m.DocumentsTable })));

/**
 * The files page's client part: add sources above, the documents below (which refresh after each addition).
 * `maxFileSize` is the owner's plan's file size in words ("2 MB"), read on the server.
 * Training needs an agent: an owner who has not saved one yet is sent to setup first.
 */
export function FilesManager({ maxFileSize }: { maxFileSize: string }) {
  const locale = useLocale();
  const t = useTranslations("training");
  // Only a known "no agent" sends the owner to setup; while loading, or if the check fails, the page works.
  const hasAgent = useOwnerAgentQuery().data !== null;

  if (!hasAgent) {
    return (
      <div className="rounded-lg border border-dashed p-8 text-center" data-testid="needs-agent">
        <p className="mb-4 text-muted-foreground">{t("needsAgent")}</p>
        <Button asChild>
          <Link href="/setup">{t("toSetup")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <AddSources maxFileSize={maxFileSize} />
      <Suspense fallback={<Loading label={t("loading")} />}>
        <DocumentsTable locale={locale} />
      </Suspense>
    </div>
  );
}
