"use client";

import { useLocale } from "next-intl";
import { useState } from "react";
import { AddSources } from "./add-sources";
import { DocumentsTable } from "./documents-table";

/** The files page's client part: add sources above, the documents below, refreshed after each addition. */
export function FilesManager() {
  const locale = useLocale();
  const [version, setVersion] = useState(0);
  return (
    <div className="space-y-8">
      <AddSources onAdded={() => setVersion((v) => v + 1)} />
      <DocumentsTable version={version} locale={locale} />
    </div>
  );
}
