"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { ApiClientError } from "@/lib/client/api";
import { useApiKeys } from "@/lib/client/queries/api-keys";
import { loadStateOf } from "@/lib/client/queries/load-state";
import { Link } from "@/lib/i18n/navigation";
import { CreateKeyForm } from "./create-key-form";
import { KeyList } from "./key-list";
import { NewKeyNotice } from "./new-key-notice";

// The curl example is the page's last part: its code loads after the page's own (issue 18: page weight);
// the server renders it and React hydrates it when the code arrives. (The new key's notice stays in the
// page: a key is shown once, and must not depend on a chunk loading.)
const CurlExample = lazy(() => import("./curl-example").then((m) => ({ default: m.CurlExample })));

/**
 * Setup → API keys (BEYOND-3): make a key (shown once), see and revoke the keys, and a first call to
 * copy. The new key lives in this component's state only: a reload forgets it, as the server has.
 */
export function ApiKeysPanel({
  messageUrl,
  exampleQuestion,
}: {
  messageUrl: string;
  exampleQuestion: string;
}) {
  const t = useTranslations("apiKeys");
  const query = useApiKeys();
  const loaded = loadStateOf(query);
  const [secret, setSecret] = useState<string | null>(null);

  // Keys belong to an agent: before setup there is nothing to make them for, which is not a failure.
  if (query.error instanceof ApiClientError && query.error.status === 404) {
    return (
      <p className="text-muted-foreground" data-testid="api-keys-no-agent">
        {t("noAgent")}{" "}
        <Link href="/setup" className="font-medium text-primary underline">
          {t("goToSetup")}
        </Link>
      </p>
    );
  }

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
          <LoadFailed
            message={t("loadFailed")}
            retryLabel={t("retry")}
            onRetry={() => void query.refetch()}
            size="sm"
            className="text-sm"
          />
        ) : loaded.state === "loading" ? (
          <Loading label={t("loading")} className="text-sm" />
        ) : (
          <KeyList keys={loaded.data} />
        )}
      </section>

      <Suspense fallback={null}>
        <CurlExample messageUrl={messageUrl} question={exampleQuestion} />
      </Suspense>
    </div>
  );
}
