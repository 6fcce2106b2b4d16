"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import { selectClassName } from "@/components/agents/form-field";
import { RotateCcwIcon } from "@/components/icons/lite/rotate-ccw";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { useCrawlNow, useSetRecrawl } from "@/lib/client/queries/training";
import type { DocumentListItem } from "@/lib/contracts/training";

const SCHEDULES = ["manual", "daily", "weekly"] as const;

/**
 * A learned website's freshness (issue 44): when it was last crawled and what changed, when it is crawled
 * next, how often (manual, daily, weekly), "Crawl now", and why the last crawl failed when it did. The
 * answers stay as they were meanwhile, so nothing here is urgent.
 */
export function WebsiteFreshness({ doc }: { doc: DocumentListItem }) {
  const t = useTranslations("training.freshness");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const schedule = useSetRecrawl();
  const crawl = useCrawlNow();
  const last = doc.last_crawl;
  const when = (iso: string) => format.relativeTime(new Date(iso), now);
  const failed = (title: string) => (err: unknown) =>
    toast.error(title, { description: err instanceof ApiClientError ? err.detail : undefined });

  return (
    <div className="mt-2 space-y-2 text-xs text-muted-foreground sm:pl-10" data-testid="website-freshness">
      <p>
        {doc.crawling ? (
          <span data-testid="crawling">{t("crawling")}</span>
        ) : (
          doc.last_crawled_at && (
            <span data-testid="last-crawled">{t("lastCrawled", { when: when(doc.last_crawled_at) })}</span>
          )
        )}
        {doc.next_crawl_at && !doc.crawling && (
          <span data-testid="next-crawl">
            {" · "}
            {t("nextCrawl", { when: when(doc.next_crawl_at) })}
          </span>
        )}
        {last && !last.error && (
          <span data-testid="pages-changed">
            {" · "}
            {t("changes", { changed: last.changed, added: last.added, removed: last.removed })}
          </span>
        )}
      </p>
      {last?.error && (
        <p className="text-sm text-destructive" data-testid="crawl-error">
          {t("failed", { reason: last.error })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {/* Beside "Crawl now" when both fit, above it on a narrow phone; never squeezed to nothing. */}
        <label className="flex min-w-0 flex-1 basis-56 items-center gap-2 sm:flex-none">
          <span className="shrink-0">{t("schedule")}</span>
          <select
            className={selectClassName}
            value={doc.recrawl ?? "manual"}
            disabled={schedule.isPending}
            data-testid="recrawl-select"
            onChange={(e) =>
              schedule
                .mutateAsync({ id: doc.id, recrawl: e.target.value as (typeof SCHEDULES)[number] })
                .catch(failed(t("scheduleFailed")))
            }
          >
            {SCHEDULES.map((s) => (
              <option key={s} value={s}>
                {t(`every.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="outline"
          size="sm"
          disabled={doc.crawling || crawl.isPending}
          data-testid="crawl-now"
          onClick={() =>
            crawl
              .mutateAsync(doc.id)
              .then(() => toast.success(t("started")))
              .catch(failed(t("crawlFailed")))
          }
        >
          <RotateCcwIcon aria-hidden />
          {t("crawlNow")}
        </Button>
      </div>
    </div>
  );
}
