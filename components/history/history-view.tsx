"use client";

import { useLocale, useTranslations } from "next-intl";
import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { useTimeZone } from "@/components/account/use-time-zone";
import { SearchIcon } from "@/components/icons/lite/search";
import { Loading } from "@/components/shell/load-state";
import { Input } from "@/components/ui/input";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { dayInZone, relativeTo } from "@/lib/client/history";
import type { ConversationView } from "@/lib/contracts/chat";
import { cn } from "@/lib/ui/cn";
import { ConversationList } from "./conversation-list";
import { DayCalendar } from "./day-calendar";
import { DeleteConversation } from "./delete-conversation";
import { DownloadButtons } from "./download-buttons";

// A phone's conversation sheet, loaded on first opening: Radix's dialog stays out of the first load (issue 18).
const DetailSheet = whenFirstOpen(() => import("./detail-sheet").then((m) => m.DetailSheet));

// What shows only once asked for (the insight tab, a chosen conversation) loads apart from the page, fetched
// once the page is idle (issue 18: page weight); meanwhile each shows the loading line it starts with anyway.
const loadInsight = () => import("./insight-panel");
const loadDetail = () => import("./conversation-detail");
// Retention and erasing a visitor (issue 48): after the list, not part of the page's first load.
const DataControls = lazy(() => import("./data-controls").then((m) => ({ default: m.DataControls })));
const InsightPanel = lazy(() => loadInsight().then((m) => ({ default: m.InsightPanel })));
const ConversationDetail = lazy(() => loadDetail().then((m) => ({ default: m.ConversationDetail })));

function usePreloadPanels() {
  useEffect(() => {
    const load = () => {
      void loadInsight();
      void loadDetail();
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(load, { timeout: 3_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 500);
    return () => clearTimeout(timer);
  }, []);
}

const DESKTOP = "(min-width: 1024px)";

function subscribeDesktop(callback: () => void) {
  const query = window.matchMedia(DESKTOP);
  query.addEventListener("change", callback);
  return () => query.removeEventListener("change", callback);
}

/**
 * The owner's zone (saved on the profile, else the browser's) and the screen width: unknown on the server,
 * read once the page runs in the browser.
 */
function useBrowser() {
  const tz = useTimeZone();
  const desktop = useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia(DESKTOP).matches,
    () => true,
  );
  return { tz, desktop };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type Tab = "conversations" | "insight";

/** /{lang}/history (HIST-1 … HIST-3): conversations with search, day filter and export, and the insight. */
export function HistoryView() {
  const t = useTranslations("history");
  const locale = useLocale();
  const { tz, desktop } = useBrowser();
  const [tab, setTab] = useState<Tab>("conversations");
  const [query, setQuery] = useState("");
  const q = useDebounced(query, 300);
  const [date, setDate] = useState<string | null>(null);
  const [selected, setSelected] = useState<ConversationView | null>(null);
  // The conversation on screen is one of those listed: another day or search closes it (issue 43: an empty
  // day kept the last one open beside "no messages").
  const [listing, setListing] = useState({ date, q });
  if (listing.date !== date || listing.q !== q) {
    setListing({ date, q });
    setSelected(null);
  }
  usePreloadPanels();

  const formats = useMemo(() => {
    if (!tz) return null;
    const absolute = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: tz,
    });
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    return {
      formatTime: (iso: string) => absolute.format(new Date(iso)),
      formatRelative: (iso: string) => {
        const r = relativeTo(new Date(iso), new Date());
        return r ? relative.format(r.value, r.unit) : absolute.format(new Date(iso));
      },
    };
  }, [locale, tz]);

  const onTabKey = useCallback((e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    setTab((current) => {
      const next = current === "conversations" ? "insight" : "conversations";
      document.getElementById(`history-tab-${next}`)?.focus();
      return next;
    });
  }, []);

  if (!tz || !formats) {
    return <Loading label={t("loading")} />;
  }
  const today = dayInZone(new Date(), tz);

  const tabButton = (id: Tab) => (
    <button
      type="button"
      role="tab"
      id={`history-tab-${id}`}
      aria-controls={`history-panel-${id}`}
      aria-selected={tab === id}
      tabIndex={tab === id ? 0 : -1}
      onClick={() => setTab(id)}
      onKeyDown={onTabKey}
      className={cn(
        "-mb-px border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        tab === id
          ? "border-primary text-foreground"
          : "border-transparent text-muted-foreground hover:text-foreground",
      )}
    >
      {t(`tabs.${id}`)}
    </button>
  );

  const detail = selected && (
    <>
      <DeleteConversation
        key={`delete-${selected.id}`}
        id={selected.id}
        onDeleted={() => setSelected(null)}
      />
      <Suspense fallback={<Loading label={t("detailLoading")} className="p-4" />}>
        <ConversationDetail key={selected.id} conversationId={selected.id} formatTime={formats.formatTime} />
      </Suspense>
    </>
  );

  return (
    <div className="grid gap-4" data-testid="history">
      <div role="tablist" aria-label={t("tabs.label")} className="flex gap-2 border-b">
        {tabButton("conversations")}
        {tabButton("insight")}
      </div>

      {tab === "insight" ? (
        <div role="tabpanel" id="history-panel-insight" aria-labelledby="history-tab-insight">
          <Suspense fallback={<Loading label={t("insight.loading")} />}>
            <InsightPanel tz={tz} formatTime={formats.formatTime} />
          </Suspense>
        </div>
      ) : (
        <div
          role="tabpanel"
          id="history-panel-conversations"
          aria-labelledby="history-tab-conversations"
          className="grid gap-4"
        >
          <div className="grid gap-4 md:grid-cols-[20rem_minmax(0,1fr)] md:items-start">
            <DayCalendar tz={tz} today={today} selected={date} onSelect={setDate} />
            <div className="grid gap-3">
              <div className="relative">
                <SearchIcon
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden
                />
                <Input
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder={t("searchPlaceholder")}
                  aria-label={t("search")}
                  className="pl-9"
                  data-testid="history-search"
                />
              </div>
              <DownloadButtons date={date} tz={tz} />
              <Suspense fallback={null}>
                <DataControls />
              </Suspense>
            </div>
          </div>

          <div
            className={cn(
              "grid gap-4",
              desktop && "lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start",
            )}
          >
            <ConversationList
              tz={tz}
              q={q}
              date={date}
              selectedId={selected?.id ?? null}
              onSelect={setSelected}
              formatTime={formats.formatTime}
              formatRelative={formats.formatRelative}
            />
            {desktop && (
              <aside
                className="sticky top-4 max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl border bg-background"
                aria-label={t("detailTitle")}
                data-testid="history-detail"
              >
                {detail ?? <p className="p-6 text-center text-sm text-muted-foreground">{t("selectHint")}</p>}
              </aside>
            )}
          </div>
          {!desktop && (
            <DetailSheet
              open={selected !== null}
              onClose={() => setSelected(null)}
              title={selected?.first_question || selected?.title || t("detailTitle")}
              closeLabel={t("close")}
            >
              {detail}
            </DetailSheet>
          )}
        </div>
      )}
    </div>
  );
}
