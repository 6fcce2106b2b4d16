"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { ChannelIcon, channelLabels } from "@/components/channels/channel-icon";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { MessageCircleQuestionMarkIcon as MessageCircleQuestionIcon } from "@/components/icons/lite/message-circle-question-mark";
import { MonitorIcon } from "@/components/icons/lite/monitor";
import { RotateCcwClockIcon as HistoryIcon } from "@/components/icons/lite/rotate-ccw-clock";
import { SearchXIcon } from "@/components/icons/lite/search-x";
import { SmartphoneIcon } from "@/components/icons/lite/smartphone";
import { TabletIcon } from "@/components/icons/lite/tablet";
import { ThumbsDownIcon } from "@/components/icons/lite/thumbs-down";
import { ThumbsUpIcon } from "@/components/icons/lite/thumbs-up";
import { UserIcon } from "@/components/icons/lite/user";
import { EmptyState } from "@/components/shell/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useConversations } from "@/lib/client/queries/history";
import type { ConversationView } from "@/lib/contracts/chat";
import { cn } from "@/lib/ui/cn";

const DEVICE_ICONS = { mobile: SmartphoneIcon, tablet: TabletIcon, desktop: MonitorIcon } as const;

/**
 * HIST-1: the owner's conversations, newest first, 20 at a time: the next page loads when the end of the
 * list scrolls into view (the API's `last_id` cursor), each conversation shown once, until there is no more.
 */
export function ConversationList({
  tz,
  q,
  date,
  selectedId,
  onSelect,
  formatTime,
  formatRelative,
}: {
  tz: string;
  q: string;
  date: string | null;
  selectedId: string | null;
  onSelect: (conversation: ConversationView) => void;
  formatTime: (iso: string) => string;
  formatRelative: (iso: string) => string;
}) {
  const t = useTranslations("history");
  // A conversation an owner's program started with a key carries a badge (BEYOND-3).
  const tKeys = useTranslations("apiKeys");
  const conversations = useConversations({ tz, q, date });
  const { fetchNextPage, refetch } = conversations;
  const sentinel = useRef<HTMLDivElement>(null);
  const list = {
    items: conversations.items,
    hasMore: conversations.hasNextPage,
    status: conversations.isFetching
      ? "loading"
      : conversations.isError
        ? "failed"
        : conversations.data
          ? "idle"
          : "loading",
  } as const;
  // A failed first page is asked again from the start; a failed later page, from where the list stopped.
  const retry = () => void (conversations.isFetchNextPageError ? fetchNextPage() : refetch());

  // The browser tells when the end of the list is in view; observing anew after each page, the first
  // callback says whether it still is.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || list.status !== "idle" || !list.hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage({ cancelRefetch: false });
      },
      { rootMargin: "0px 0px 200px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [list.status, list.hasMore, fetchNextPage]);

  const filtered = Boolean(q.trim() || date);

  if (list.items.length === 0 && list.status === "idle") {
    return filtered ? (
      <EmptyState icon={SearchXIcon} title={t("noMatches")}>
        <p className="text-sm text-muted-foreground">{t("noMatchesHint")}</p>
      </EmptyState>
    ) : (
      <EmptyState icon={HistoryIcon} title={t("empty")}>
        <p className="text-sm text-muted-foreground">{t("emptyHint")}</p>
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-2">
      <ul className="grid gap-2" data-testid="history-list" aria-busy={list.status === "loading"}>
        {list.items.map((c) => {
          const selected = c.id === selectedId;
          const DeviceIcon = c.device ? DEVICE_ICONS[c.device] : null;
          const unanswered = c.unanswered ?? 0;
          return (
            <li key={c.id}>
              <button
                type="button"
                data-testid="history-row"
                data-id={c.id}
                aria-current={selected ? "true" : undefined}
                onClick={() => onSelect(c)}
                className={cn(
                  "grid w-full gap-1.5 rounded-lg border bg-card p-3 text-left outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  selected && "border-primary bg-primary/5",
                )}
              >
                <span className="flex items-start justify-between gap-3">
                  <span
                    className="line-clamp-2 min-w-0 font-medium [overflow-wrap:anywhere]"
                    data-testid="row-question"
                  >
                    {c.first_question || c.title || t("untitled")}
                  </span>
                  <time
                    dateTime={c.last_message_at || c.inserted_at}
                    title={formatTime(c.last_message_at || c.inserted_at)}
                    className="shrink-0 text-xs text-muted-foreground"
                  >
                    {formatRelative(c.last_message_at || c.inserted_at)}
                  </time>
                </span>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <Badge variant="outline" title={t(`language.${c.language ?? "unknown"}`)}>
                    {c.language ? c.language.toUpperCase() : "—"}
                  </Badge>
                  {c.visitor_name && (
                    <span
                      className="inline-flex items-center gap-1 font-medium text-foreground"
                      title={t("identifiedVisitor")}
                      data-testid="row-visitor-name"
                    >
                      <UserIcon className="size-3.5" aria-hidden />
                      {c.visitor_name}
                    </span>
                  )}
                  {c.channel === "api" && (
                    <Badge
                      variant="secondary"
                      title={tKeys("historyBadgeTitle")}
                      data-testid="row-channel-api"
                    >
                      {tKeys("historyBadge")}
                    </Badge>
                  )}
                  {c.messaging_channel && (
                    <Badge
                      variant="secondary"
                      title={t("viaChannel", { channel: channelLabels[c.messaging_channel] })}
                      data-testid="row-messaging-channel"
                      data-channel={c.messaging_channel}
                    >
                      <ChannelIcon type={c.messaging_channel} className="size-3" aria-hidden />
                      {channelLabels[c.messaging_channel]}
                    </Badge>
                  )}
                  <span>{t("messages", { count: c.message_count })}</span>
                  {c.channel !== "api" && !c.messaging_channel && (
                    <span className="inline-flex items-center gap-1" data-testid="row-device">
                      {DeviceIcon && <DeviceIcon className="size-3.5" aria-hidden />}
                      {t(`device.${c.device ?? "unknown"}`)}
                    </span>
                  )}
                  <span
                    className="inline-flex items-center gap-1"
                    data-testid="row-feedback"
                    data-helpful={c.helpful}
                    data-unhelpful={c.unhelpful}
                  >
                    <ThumbsUpIcon className="size-3.5" aria-hidden />
                    <span aria-hidden>{c.helpful}</span>
                    <span className="sr-only">{t("helpfulCount", { count: c.helpful })}</span>
                    <span aria-hidden>/</span>
                    <ThumbsDownIcon className="size-3.5" aria-hidden />
                    <span aria-hidden>{c.unhelpful}</span>
                    <span className="sr-only">{t("unhelpfulCount", { count: c.unhelpful })}</span>
                  </span>
                  {unanswered > 0 && (
                    <Badge
                      className="bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300"
                      data-testid="row-unanswered"
                    >
                      <MessageCircleQuestionIcon className="size-3" aria-hidden />
                      {t("unanswered", { count: unanswered })}
                    </Badge>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div ref={sentinel} aria-hidden className="h-px" data-testid="history-sentinel" />
      {list.status === "loading" && (
        <p className="flex items-center gap-2 py-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
          {list.items.length ? t("loadingMore") : t("loading")}
        </p>
      )}
      {list.status === "failed" && (
        <div className="flex items-center gap-3 py-2" role="alert">
          <p className="text-sm">{t("loadFailed")}</p>
          <Button variant="outline" size="sm" onClick={retry}>
            {t("retry")}
          </Button>
        </div>
      )}
      {list.status === "idle" && !list.hasMore && list.items.length > 0 && (
        <p className="py-2 text-center text-xs text-muted-foreground" data-testid="history-end">
          {t("end")}
        </p>
      )}
    </div>
  );
}
