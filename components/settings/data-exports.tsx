"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import { ApiClientError } from "@/lib/client/http";
import { contracts } from "@/lib/contracts/client";
import type { ExportItem } from "@/lib/contracts/exports";

function size(bytes: number | null): string {
  if (bytes === null) return "";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * "Export everything" and the workspace's recent exports with their state and download link. A list
 * still being written is asked again every few seconds until it settles.
 */
export function DataExports() {
  const t = useTranslations("dataSettings");
  const format = useFormatter();
  const [items, setItems] = useState<ExportItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setItems(await api.call(contracts.listExports));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiClientError ? err.detail : String(err));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const pending = items?.some((i) => i.state === "queued" || i.state === "running") ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void load(), 4000);
    return () => clearInterval(timer);
  }, [pending, load]);

  async function start() {
    setBusy(true);
    setNotice(null);
    try {
      await api.call(contracts.startExport);
      setNotice(t("started"));
      setError(null);
      await load();
    } catch (err) {
      setError(err instanceof ApiClientError ? err.detail : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-8">
      <section className="grid gap-3">
        <div>
          <Button onClick={start} disabled={busy} data-testid="export-everything" className="min-h-11">
            {busy ? t("exporting") : t("exportButton")}
          </Button>
        </div>
        {notice ? (
          <p role="status" className="text-sm">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </section>
      <section className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-semibold">{t("recent")}</h2>
          <Button variant="outline" size="sm" onClick={() => void load()} className="min-h-11">
            {t("refresh")}
          </Button>
        </div>
        {items && items.length === 0 ? <p className="text-muted-foreground">{t("none")}</p> : null}
        <ul className="grid gap-2" data-testid="export-list">
          {(items ?? []).map((item) => (
            <li
              key={item.id}
              data-state={item.state}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
            >
              <div className="grid min-w-0 gap-0.5">
                <span className="text-sm">
                  {t("requested")}:{" "}
                  {format.dateTime(new Date(item.requested_at), { dateStyle: "medium", timeStyle: "short" })}
                </span>
                <span className="text-sm text-muted-foreground">
                  {t(`states.${item.state}`)}
                  {item.bytes !== null ? ` · ${size(item.bytes)}` : ""}
                </span>
                {item.state === "ready" && item.expires_at ? (
                  <span className="text-xs text-muted-foreground">
                    {t("expires", {
                      time: format.dateTime(new Date(item.expires_at), {
                        dateStyle: "medium",
                        timeStyle: "short",
                      }),
                    })}
                  </span>
                ) : null}
              </div>
              {item.download_url ? (
                <a
                  href={item.download_url}
                  download
                  className="inline-flex min-h-11 items-center rounded-md px-3 font-medium text-primary underline"
                >
                  {t("download")}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
