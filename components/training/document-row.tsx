import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { ChevronDownIcon } from "@/components/icons/lite/chevron-down";
import { RotateCcwIcon } from "@/components/icons/lite/rotate-ccw";
import { Button } from "@/components/ui/button";
import type { DocumentListItem } from "@/lib/contracts/training";
import { CrawledPages } from "./crawled-pages";
import { DocumentStatusBadge } from "./document-status-badge";
import { formatSize } from "./format-size";

// A learned website's schedule and last crawl: its code (the relative-time formatting, the select) loads
// only on a list that has a website (issue 18: page weight).
const WebsiteFreshness = lazy(() =>
  import("./website-freshness").then((m) => ({ default: m.WebsiteFreshness })),
);

/** A file's kind is its extension (PDF, CSV: the same in every language); texts and websites are named. */
function kindLabel(doc: DocumentListItem, t: ReturnType<typeof useTranslations<"training">>): string {
  if (doc.type === "text") return t("kind.text");
  if (doc.type === "url") return t("kind.url");
  return doc.type.toUpperCase();
}

/** One document: its box, name, kind, size or pages, date, status, why it failed and what to do next. */
export function DocumentRow(props: {
  doc: DocumentListItem;
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
        {/* At least 12rem: on a phone the status and buttons go under the name rather than squeeze it. */}
        <div className="min-w-0 flex-1 basis-48">
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
        <DocumentStatusBadge doc={doc} />
        {doc.status === "failed" && (
          <Button variant="outline" size="sm" onClick={props.onRetry}>
            <RotateCcwIcon aria-hidden />
            {t("retry")}
          </Button>
        )}
        {doc.type === "url" && (
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            <ChevronDownIcon className={open ? "rotate-180" : ""} aria-hidden />
            {t("pagesFound")}
          </Button>
        )}
      </div>
      {doc.type === "url" && doc.status === "completed" && (
        <Suspense fallback={null}>
          <WebsiteFreshness doc={doc} />
        </Suspense>
      )}
      {open && <CrawledPages id={doc.id} status={doc.status} />}
    </li>
  );
}
