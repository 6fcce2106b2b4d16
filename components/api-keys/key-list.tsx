"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { KeyRoundIcon } from "@/components/icons/lite/key-round";
import { EmptyState } from "@/components/shell/empty-state";
import { useFailureToast } from "@/components/shell/failure-toast";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { useRevokeApiKey } from "@/lib/client/queries/api-keys";
import type { ApiKeyView } from "@/lib/contracts/api-keys";

// Loaded on first opening: Radix's dialog stays out of the page's first load (issue 18).
const RevokeKeyDialog = whenFirstOpen(() => import("./revoke-key-dialog").then((m) => m.RevokeKeyDialog));

/** The keys as the owner can tell them apart: name, the last four characters, when made and last used. */
export function KeyList({ keys }: { keys: ApiKeyView[] }) {
  const t = useTranslations("apiKeys");
  const failed = useFailureToast();
  const locale = useLocale();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
    [locale],
  );
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState<ApiKeyView | null>(null);

  if (keys.length === 0) {
    return (
      <EmptyState icon={KeyRoundIcon} title={t("emptyTitle")}>
        <p className="text-sm text-muted-foreground">{t("emptyHint")}</p>
      </EmptyState>
    );
  }

  const confirm = async () => {
    if (!asking) return;
    try {
      await revoke.mutateAsync(asking.id);
      toast.success(t("revoked", { name: asking.name }));
      setAsking(null);
    } catch (err) {
      failed(err);
    }
  };

  return (
    <>
      <ul className="grid gap-2" data-testid="api-keys">
        {keys.map((k) => (
          <li
            key={k.id}
            data-testid="api-key"
            data-id={k.id}
            className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium [overflow-wrap:anywhere]">{k.name}</p>
              <p className="font-mono text-xs text-muted-foreground">ac_live_…{k.last_four}</p>
              <p className="text-xs text-muted-foreground">
                {t("created", { date: dates.format(new Date(k.inserted_at)) })}
                {" · "}
                {k.last_used_at
                  ? t("lastUsed", { date: dates.format(new Date(k.last_used_at)) })
                  : t("neverUsed")}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="self-start sm:self-center"
              aria-label={t("revokeLabel", { name: k.name })}
              onClick={() => setAsking(k)}
            >
              {t("revoke")}
            </Button>
          </li>
        ))}
      </ul>
      <RevokeKeyDialog
        open={asking !== null}
        onClose={() => !revoke.isPending && setAsking(null)}
        name={asking?.name ?? ""}
        pending={revoke.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
