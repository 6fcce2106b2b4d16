"use client";

import { useTranslations } from "next-intl";
import { DownloadIcon } from "@/components/icons/lite/download";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { useExportDay } from "@/lib/client/queries/history";
import type { ExportFormat } from "@/lib/contracts/history";

/**
 * HIST-2: the selected day's messages as CSV or JSON. Fetched (so a renewed session and the API's own
 * error texts work) and handed to the browser as a file. No day selected: a message, no request.
 */
export function DownloadButtons({ date, tz }: { date: string | null; tz: string }) {
  const t = useTranslations("history.download");
  const exporting = useExportDay();
  const busy = exporting.isPending ? exporting.variables.format : null;

  const download = async (format: ExportFormat) => {
    if (!date) {
      toast.error(t("noDate"));
      return;
    }
    try {
      const { blob, name } = await exporting.mutateAsync({ date, tz, format });
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      a.rel = "noopener";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      // The API's own words for a refused day (bad date, nothing that day); anything else is a failure.
      const refused =
        err instanceof ApiClientError && (err.status === 400 || err.status === 404) && err.detail;
      toast.error(refused || t("failed"));
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
