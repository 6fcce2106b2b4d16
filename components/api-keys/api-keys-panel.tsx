"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useApiKeys } from "@/lib/client/queries/api-keys";
import { loadStateOf } from "@/lib/client/queries/load-state";
import { CreateKeyForm } from "./create-key-form";
import { CurlExample } from "./curl-example";
import { KeyList } from "./key-list";
import { NewKeyNotice } from "./new-key-notice";

/**
 * Setup → API keys (BEYOND-3): make a key (shown once), see and revoke the keys, and a first call to
 * copy. The new key lives in this component's state only: a reload forgets it, as the server has.
 */
export function ApiKeysPanel({ messageUrl }: { messageUrl: string }) {
  const t = useTranslations("apiKeys");
  const query = useApiKeys();
  const loaded = loadStateOf(query);
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <div className="grid gap-8">
      <section className="grid gap-3">
        <h2 className="font-semibold">{t("createTitle")}</h2>
        {secret ? (
          <NewKeyNotice secret={secret} onDone={() => setSecret(null)} />
        ) : (
          <CreateKeyForm onCreated={setSecret} />
        )}
      </section>

      <section className="grid gap-3">
        <h2 className="font-semibold">{t("listTitle")}</h2>
        {loaded.state === "failed" ? (
          <div role="alert" className="flex items-center justify-between gap-2 text-sm">
            <span className="text-destructive">{t("loadFailed")}</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : loaded.state === "loading" ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
            {t("loading")}
          </p>
        ) : (
          <KeyList keys={loaded.data} />
        )}
      </section>

      <CurlExample messageUrl={messageUrl} />
    </div>
  );
}
