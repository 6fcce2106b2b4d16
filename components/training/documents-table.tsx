"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useTimeZone } from "@/components/account/use-time-zone";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { TrashIcon as Trash2Icon } from "@/components/icons/lite/trash";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { ApiClientError } from "@/lib/client/api";
import { useDocuments, useRemoveDocuments, useRetryDocument } from "@/lib/client/queries/training";
import { DocumentRow } from "./document-row";

// Loaded on first opening: Radix's dialog stays out of the page's first load (issue 18).
const RemoveDocumentsDialog = whenFirstOpen(() =>
  import("./remove-documents-dialog").then((m) => m.RemoveDocumentsDialog),
);

/**
 * The agent's documents (AGENT-6): status, size, type, characters, date, pages; select many, remove with a
 * confirmation that gives the count, retry what failed. Refreshes itself while anything is processing,
 * and after each change made here or in the sources above.
 */
export function DocumentsTable({ locale }: { locale: string }) {
  const t = useTranslations("training");
  const format = useFormatter();
  // The owner's saved zone (or their browser's), never the server's default.
  const zone = useTimeZone() ?? undefined;
  const [page, setPage] = useState(1);
  const documents = useDocuments(page);
  const removal = useRemoveDocuments();
  const retrial = useRetryDocument();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const data = documents.data;

  const ids = useMemo(() => data?.items.map((d) => d.id) ?? [], [data]);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const remove = async () => {
    const chosen = [...selected];
    const gone = await removal.mutateAsync(chosen);
    setConfirming(false);
    setSelected(new Set());
    if (gone > 0) toast.success(t("removed", { count: gone }));
    if (gone < chosen.length) toast.error(t("removeFailed", { count: chosen.length - gone }));
  };

  const retry = (id: string) =>
    retrial.mutateAsync(id).catch((err) => {
      toast.error(t("retryFailed"), { description: err instanceof ApiClientError ? err.detail : undefined });
    });

  if (documents.isError && !data) {
    return (
      <div role="alert" className="rounded-lg border p-6 text-center text-sm text-muted-foreground">
        {t("loadFailed")}{" "}
        <Button variant="link" onClick={() => void documents.refetch()}>
          {t("tryAgain")}
        </Button>
      </div>
    );
  }
  if (!data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
        {t("loading")}
      </p>
    );
  }
  if (data.items.length === 0 && page === 1) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{t("empty")}</p>
    );
  }

  return (
    <div className="space-y-3" data-testid="documents">
      <div className="flex min-h-9 items-center gap-3">
        {/* On touch the whole label is the 44 px target; the box itself stays a checkbox's size. */}
        <label className="flex cursor-pointer items-center gap-2 text-sm touch:min-h-11 touch:pr-2">
          <input
            type="checkbox"
            className="size-4 accent-primary touch:size-5"
            checked={allSelected}
            onChange={() => setSelected(allSelected ? new Set() : new Set(ids))}
            aria-label={t("selectAll")}
          />
          {selected.size > 0 ? t("selected", { count: selected.size }) : t("selectAll")}
        </label>
        {selected.size > 0 && (
          <Button
            variant="destructive"
            size="sm"
            onClick={() => setConfirming(true)}
            data-testid="remove-selected"
          >
            <Trash2Icon aria-hidden />
            {t("remove")}
          </Button>
        )}
      </div>
      <ul className="divide-y rounded-lg border">
        {data.items.map((d) => (
          <DocumentRow
            key={d.id}
            doc={d}
            locale={locale}
            date={format.dateTime(new Date(d.inserted_at), {
              dateStyle: "medium",
              timeStyle: "short",
              timeZone: zone,
            })}
            selected={selected.has(d.id)}
            onToggle={() => toggle(d.id)}
            onRetry={() => void retry(d.id)}
          />
        ))}
      </ul>
      {data.totalPages > 1 && (
        <nav className="flex items-center justify-end gap-2 text-sm" aria-label={t("pages")}>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t("previous")}
          </Button>
          <span>{t("pageOf", { page, total: data.totalPages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= data.totalPages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t("next")}
          </Button>
        </nav>
      )}
      <RemoveDocumentsDialog
        open={confirming}
        onOpenChange={setConfirming}
        count={selected.size}
        removing={removal.isPending}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
