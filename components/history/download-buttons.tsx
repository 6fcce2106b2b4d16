"use client";

import { DownloadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { errorOf, readJson, sendRenewing } from "@/lib/client/api";
import { type ExportFormat, exportFileName } from "@/lib/client/history";

/**
 * HIST-2: the selected day's messages as CSV or JSON. Fetched (so a renewed session and the API's own
 * error texts work) and handed to the browser as a file. No day selected: a message, no request.
 */
export function DownloadButtons({ date, tz }: { date: string | null; tz: string }) {
  const t = useTranslations("history.download");
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    if (!date) {
      toast.error(t("noDate"));
      return;
    }
    setBusy(format);
    try {
      const params = new URLSearchParams({ date, tz, format });
      const res = await sendRenewing("GET", `/api/v1/agent/conversations/export?${params}`, undefined, {
        headers: { accept: format === "csv" ? "text/csv, application/json" : "application/json" },
      });
      if (!res.ok) {
        const err = errorOf(res, await readJson(res));
        toast.error((err.status === 400 || err.status === 404) && err.detail ? err.detail : t("failed"));
        return;
      }
      const blob = await res.blob();
      const name = exportFileName(res.headers.get("content-disposition"), date, format);
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      a.rel = "noopener";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      toast.error(t("failed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form's fieldset
    <div role="group" aria-label={t("label")} className="flex gap-2" data-testid="history-download">
      {(["csv", "json"] as const).map((format) => (
        <Button
          key={format}
          type="button"
          variant="outline"
          size="sm"
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => download(format)}
        >
          <DownloadIcon aria-hidden />
          {format.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}
