import { useTranslations } from "next-intl";
import { useCrawledPages } from "@/lib/client/queries/training";

/** The pages a website crawl read, with each page's outcome; nothing while unknown or unreadable. */
export function CrawledPages({ id, status }: { id: string; status: string }) {
  const t = useTranslations("training");
  const { data: pages } = useCrawledPages(id, status);
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
