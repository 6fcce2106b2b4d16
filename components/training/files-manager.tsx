"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiClientError, api } from "@/lib/client/api";
import { Link } from "@/lib/i18n/navigation";
import { AddSources } from "./add-sources";
import { DocumentsTable } from "./documents-table";

/**
 * The files page's client part: add sources above, the documents below, refreshed after each addition.
 * Training needs an agent: an owner who has not saved one yet is sent to setup first.
 */
export function FilesManager() {
  const locale = useLocale();
  const t = useTranslations("training");
  const [version, setVersion] = useState(0);
  const [hasAgent, setHasAgent] = useState<boolean | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get("/api/v1/agent", { signal: controller.signal })
      .then(() => setHasAgent(true))
      .catch((err) => {
        if (err instanceof ApiClientError && err.status === 404) setHasAgent(false);
        else if (!controller.signal.aborted) setHasAgent(true);
      });
    return () => controller.abort();
  }, []);

  if (hasAgent === false) {
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
      <AddSources onAdded={() => setVersion((v) => v + 1)} />
      <DocumentsTable version={version} locale={locale} />
    </div>
  );
}
