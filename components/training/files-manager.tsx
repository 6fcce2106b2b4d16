"use client";

import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useOwnerAgentQuery } from "@/lib/client/queries/agent";
import { Link } from "@/lib/i18n/navigation";
import { AddSources } from "./add-sources";
import { DocumentsTable } from "./documents-table";

/**
 * The files page's client part: add sources above, the documents below (which refresh after each addition).
 * Training needs an agent: an owner who has not saved one yet is sent to setup first.
 */
export function FilesManager() {
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
      <AddSources />
      <DocumentsTable locale={locale} />
    </div>
  );
}
