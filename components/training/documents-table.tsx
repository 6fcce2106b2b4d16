"use client";

import { ChevronDownIcon, LoaderCircleIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { useTimeZone } from "@/components/account/use-time-zone";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ApiClientError, api } from "@/lib/client/api";
import type { CrawledPage, TrainingDocument } from "./types";

/** How often the list refreshes while something is still being learned. */
const POLL_MS = 3_000;

export function formatSize(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB"];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: i === 0 ? 0 : 1 }).format(n)} ${units[i]}`;
}

/**
 * The agent's documents (AGENT-6): status, size, type, characters, date, pages; select many, remove with a
 * confirmation that gives the count, retry what failed. Refreshes itself while anything is processing.
 */
export function DocumentsTable({ version, locale }: { version: number; locale: string }) {
  const t = useTranslations("training");
  const format = useFormatter();
  // The owner's saved zone (or their browser's), never the server's default.
  const zone = useTimeZone() ?? undefined;
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: TrainingDocument[]; totalPages: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [tick, setTick] = useState(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const res = await fetchPage(page, signal);
        setData(res);
        setFailed(false);
      } catch (err) {
        if (!(err instanceof ApiClientError && err.code === "aborted")) setFailed(true);
      }
    },
    [page],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: version and tick are refresh triggers
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, version, tick]);

  const processing = data?.items.some((d) => d.status === "processing") ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer schedules the next poll
  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [processing, data]);

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
    setRemoving(true);
    const chosen = [...selected];
    const results = await Promise.allSettled(chosen.map((id) => api.del(`/api/v1/agent/document/${id}`)));
    const gone = results.filter((r) => r.status === "fulfilled").length;
    setRemoving(false);
    setConfirming(false);
    setSelected(new Set());
    if (gone > 0) toast.success(t("removed", { count: gone }));
    if (gone < chosen.length) toast.error(t("removeFailed", { count: chosen.length - gone }));
    setTick((n) => n + 1);
  };

  const retry = async (id: string) => {
    try {
      await api.post(`/api/v1/agent/document/${id}/retry`);
      setTick((n) => n + 1);
    } catch (err) {
      toast.error(t("retryFailed"), { description: err instanceof ApiClientError ? err.detail : undefined });
    }
  };

  if (failed && !data) {
    return (
      <div role="alert" className="rounded-lg border p-6 text-center text-sm text-muted-foreground">
        {t("loadFailed")}{" "}
        <Button variant="link" onClick={() => setTick((n) => n + 1)}>
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
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("confirmTitle", { count: selected.size })}</AlertDialogTitle>
            <AlertDialogDescription>{t("confirmBody", { count: selected.size })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={removing}>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction
              disabled={removing}
              onClick={(e) => {
                e.preventDefault();
                void remove();
              }}
            >
              {removing && <LoaderCircleIcon className="animate-spin" aria-hidden />}
              {t("confirmRemove", { count: selected.size })}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

async function fetchPage(page: number, signal?: AbortSignal) {
  const { data, meta } = await api.list<TrainingDocument[], { total_pages?: number }>(
    `/api/v1/agent/documents?page=${page}`,
    { signal },
  );
  return { items: data, totalPages: meta?.total_pages ?? 1 };
}

function StatusBadge({ doc }: { doc: TrainingDocument }) {
  const t = useTranslations("training");
  if (doc.status === "processing") {
    return (
      <Badge variant="secondary" data-status="processing">
        <LoaderCircleIcon className="size-3 animate-spin" aria-hidden />
        {t("status.processing")}
      </Badge>
    );
  }
  if (doc.status === "failed") {
    return (
      <Badge variant="outline" className="border-destructive/40 text-destructive" data-status="failed">
        {t("status.failed")}
      </Badge>
    );
  }
  return (
    <Badge data-status="completed" className="bg-emerald-600/10 text-emerald-700">
      {t("status.completed")}
    </Badge>
  );
}

/** A file's kind is its extension (PDF, CSV: the same in every language); texts and websites are named. */
function kindLabel(doc: TrainingDocument, t: ReturnType<typeof useTranslations<"training">>): string {
  if (doc.type === "text") return t("kind.text");
  if (doc.type === "url") return t("kind.url");
  return doc.type.toUpperCase();
}

function DocumentRow(props: {
  doc: TrainingDocument;
  locale: string;
  date: string;
  selected: boolean;
  onToggle: () => void;
  onRetry: () => void;
}) {
  const { doc, locale } = props;
  const t = useTranslations("training");
  const [open, setOpen] = useState(false);
  return (
    <li className="p-3" data-testid="document" data-name={doc.name}>
      <div className="flex flex-wrap items-center gap-3">
        <label className="grid shrink-0 cursor-pointer place-items-center touch:size-11">
          <input
            type="checkbox"
            className="size-4 accent-primary touch:size-5"
            checked={props.selected}
            onChange={props.onToggle}
            aria-label={t("select", { name: doc.name })}
          />
        </label>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{doc.name}</p>
          <p className="text-xs text-muted-foreground">
            <span data-testid="document-kind">{kindLabel(doc, t)}</span>
            {` · ${doc.pages === null ? formatSize(doc.size, locale) : t("pageCount", { count: doc.pages })} · ${props.date}`}
            {doc.status === "completed" && ` · ${t("characters", { count: doc.characters })}`}
          </p>
          {doc.status === "failed" && doc.error && (
            <p className="mt-1 text-sm text-destructive" data-testid="document-error">
              {doc.error}
            </p>
          )}
          {doc.status === "completed" && doc.error && (
            <p className="mt-1 text-sm text-muted-foreground" data-testid="document-note">
              {doc.error}
            </p>
          )}
          {doc.error && doc.upgrade_url && (
            <a className="mt-1 inline-block text-sm font-medium underline" href={doc.upgrade_url}>
              {t("upgrade")}
            </a>
          )}
        </div>
        <StatusBadge doc={doc} />
        {doc.status === "failed" && (
          <Button variant="outline" size="sm" onClick={props.onRetry}>
            <RotateCcwIcon aria-hidden />
            {t("retry")}
          </Button>
        )}
        {doc.type === "url" && doc.status === "completed" && (
          <Button variant="outline" size="sm" onClick={props.onRetry}>
            <RotateCcwIcon aria-hidden />
            {t("recrawl")}
          </Button>
        )}
        {doc.type === "url" && (
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            <ChevronDownIcon className={open ? "rotate-180" : ""} aria-hidden />
            {t("pagesFound")}
          </Button>
        )}
      </div>
      {open && <CrawledPages id={doc.id} status={doc.status} />}
    </li>
  );
}

function CrawledPages({ id, status }: { id: string; status: string }) {
  const t = useTranslations("training");
  const [pages, setPages] = useState<CrawledPage[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: status changes mean new pages to show
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<CrawledPage[]>(`/api/v1/agent/document/${id}/pages`, { signal: controller.signal })
      .then(setPages)
      .catch(() => {});
    return () => controller.abort();
  }, [id, status]);
  if (!pages) return null;
  if (pages.length === 0) return <p className="mt-2 pl-7 text-sm text-muted-foreground">{t("noPages")}</p>;
  return (
    <ul className="mt-2 space-y-1 pl-7 text-sm" data-testid="crawled-pages">
      {pages.map((p) => (
        <li key={p.url} className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate" title={p.url}>
            {p.title || p.url}
          </span>
          <span className="text-xs text-muted-foreground" data-page-status={p.status}>
            {t(`pageStatus.${p.status}` as "pageStatus.completed")}
            {p.error ? ` — ${p.error}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
