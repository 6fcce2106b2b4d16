"use client";

import { CheckIcon, LoaderCircleIcon, PlusIcon, ThumbsDownIcon, ThumbsUpIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import type { AddResult } from "@/components/training/types";
import { Button } from "@/components/ui/button";
import { ApiClientError, api } from "@/lib/client/api";
import {
  type DayCount,
  daysBetween,
  helpfulShare,
  type Insights,
  lastDays,
  parseDateKey,
  type UnansweredQuestion,
} from "@/lib/client/history";
import { RefusedMessages } from "./refused-messages";

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; insights: Insights };

const dayLabel = (key: string, locale: string, opts: Intl.DateTimeFormatOptions) => {
  const p = parseDateKey(key)!;
  return new Intl.DateTimeFormat(locale, { ...opts, timeZone: "UTC" }).format(
    new Date(Date.UTC(p.year, p.month - 1, p.day, 12)),
  );
};

/** Conversations and messages per day as bars (inline SVG), described for screen readers, with a table. */
function DaysChart({ days }: { days: DayCount[] }) {
  const t = useTranslations("history.insight");
  const locale = useLocale();
  const max = Math.max(1, ...days.map((d) => Math.max(d.conversations, d.messages)));
  const width = 600;
  const height = 160;
  const slot = width / Math.max(1, days.length);
  const bar = Math.max(2, slot / 2 - 2);
  const scale = (n: number) => (n / max) * (height - 20);
  const totals = days.reduce(
    (acc, d) => ({ conversations: acc.conversations + d.conversations, messages: acc.messages + d.messages }),
    { conversations: 0, messages: 0 },
  );
  const short = (key: string) => dayLabel(key, locale, { day: "numeric", month: "numeric" });
  const label =
    days.length > 0
      ? t("chartLabel", {
          from: short(days[0]!.date),
          to: short(days[days.length - 1]!.date),
          ...totals,
        })
      : "";
  return (
    <figure className="grid gap-2" data-testid="insight-chart">
      <svg viewBox={`0 0 ${width} ${height + 16}`} role="img" aria-label={label} className="h-auto w-full">
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-border" strokeWidth={1} />
        {days.map((d, i) => {
          const x = i * slot + 1;
          return (
            <g key={d.date}>
              <title>{`${dayLabel(d.date, locale, { dateStyle: "medium" })}: ${d.conversations} ${t("conversations").toLowerCase()}, ${d.messages} ${t("messages").toLowerCase()}`}</title>
              <rect
                x={x}
                y={height - scale(d.conversations)}
                width={bar}
                height={scale(d.conversations)}
                className="fill-primary"
                rx={1}
              />
              <rect
                x={x + bar + 1}
                y={height - scale(d.messages)}
                width={bar}
                height={scale(d.messages)}
                className="fill-primary/35"
                rx={1}
              />
              {(i % 5 === 0 || i === days.length - 1) && (
                <text
                  x={i === days.length - 1 ? x + 2 * bar + 1 : x}
                  y={height + 13}
                  textAnchor={i === days.length - 1 ? "end" : "start"}
                  className="fill-muted-foreground text-[10px]"
                >
                  {short(d.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-sm bg-primary" />
          {t("conversations")}: {totals.conversations}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-sm bg-primary/35" />
          {t("messages")}: {totals.messages}
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-xs text-muted-foreground">{t("showTable")}</summary>
        <table className="mt-2 w-full text-left text-xs" data-testid="insight-table">
          <thead>
            <tr>
              <th scope="col">{t("day")}</th>
              <th scope="col">{t("conversations")}</th>
              <th scope="col">{t("messages")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row" className="font-normal">
                  {dayLabel(d.date, locale, { dateStyle: "medium" })}
                </th>
                <td>{d.conversations}</td>
                <td>{d.messages}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function FeedbackShare({ feedback }: { feedback: Insights["feedback"] }) {
  const t = useTranslations("history.insight");
  const share = helpfulShare(feedback);
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-4" data-testid="insight-feedback">
      <h3 className="text-sm font-semibold">{t("feedbackTitle")}</h3>
      {share === null ? (
        <p className="text-sm text-muted-foreground">{t("noFeedback")}</p>
      ) : (
        <>
          <div
            className="flex h-3 overflow-hidden rounded-full bg-destructive/30"
            role="img"
            aria-label={t("helpfulShare", { share })}
          >
            <div className="bg-primary" style={{ width: `${share}%` }} />
          </div>
          <p className="text-sm">{t("helpfulShare", { share })}</p>
          <p className="flex gap-4 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <ThumbsUpIcon className="size-3.5" aria-hidden />
              {t("helpful")}: {feedback.helpful}
            </span>
            <span className="inline-flex items-center gap-1">
              <ThumbsDownIcon className="size-3.5" aria-hidden />
              {t("unhelpful")}: {feedback.unhelpful}
            </span>
          </p>
        </>
      )}
    </section>
  );
}

/** One question the agent could not answer, with a form to teach it the answer. */
function UnansweredItem({
  item,
  added,
  onAdded,
  formatTime,
}: {
  item: UnansweredQuestion;
  added: boolean;
  onAdded: () => void;
  formatTime: (iso: string) => string;
}) {
  const t = useTranslations("history.insight");
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async () => {
    const text = answer.trim();
    if (!text) return;
    setBusy(true);
    try {
      const question = item.question.trim();
      const result = await api.post<AddResult>("/api/v1/agent/document", {
        type: "text",
        title: question.slice(0, 200),
        content: `${question}\n\n${text}`,
      });
      if (result.accepted.length > 0) {
        toast.success(t("addedToast"));
        setOpen(false);
        onAdded();
      } else {
        toast.error(result.rejected[0]?.detail || t("addFailed"));
      }
    } catch (err) {
      toast.error(err instanceof ApiClientError && err.detail ? err.detail : t("addFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3" data-testid="unanswered-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium [overflow-wrap:anywhere]" data-testid="unanswered-question">
            {item.question}
          </p>
          <p className="text-xs text-muted-foreground">
            {t("asked", { count: item.count, date: formatTime(item.last_asked_at) })}
          </p>
        </div>
        {added ? (
          <span
            className="inline-flex items-center gap-1 text-sm text-primary"
            data-testid="unanswered-added"
          >
            <CheckIcon className="size-4" aria-hidden />
            {t("added")}
          </span>
        ) : (
          !open && (
            <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
              <PlusIcon aria-hidden />
              {t("addAnswer")}
            </Button>
          )
        )}
      </div>
      {open && !added && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="unanswered-form"
        >
          <label htmlFor={id} className="text-sm">
            {t("answerLabel", { question: item.question })}
          </label>
          <textarea
            id={id}
            rows={3}
            value={answer}
            required
            // biome-ignore lint/a11y/noAutofocus: the form opens on the owner's click, to type right away
            autoFocus
            onChange={(e) => setAnswer(e.target.value)}
            className="w-full resize-y rounded-md border bg-background px-3 py-2 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:text-sm"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={busy || !answer.trim()}>
              {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
              {t("save")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/** HIST-3: the last 30 days at a glance, the ratings, and the questions the agent could not answer. */
export function InsightPanel({ tz, formatTime }: { tz: string; formatTime: (iso: string) => string }) {
  const t = useTranslations("history.insight");
  const tHistory = useTranslations("history");
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [added, setAdded] = useState<Set<string>>(new Set());
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads on "Try again"
  useEffect(() => {
    const controller = new AbortController();
    const { from, to } = lastDays(30, tz);
    const params = new URLSearchParams({ from, to, tz });
    setLoaded({ state: "loading" });
    api
      .get<Insights>(`/api/v1/agent/insights?${params}`, { signal: controller.signal })
      .then((insights) => setLoaded({ state: "ready", insights }))
      .catch((err) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiClientError && err.status === 404) {
          // No agent yet: an empty month.
          const days = daysBetween(from, to).map((date) => ({ date, conversations: 0, messages: 0 }));
          setLoaded({
            state: "ready",
            insights: { days, feedback: { helpful: 0, unhelpful: 0 }, unanswered: [] },
          });
        } else setLoaded({ state: "failed" });
      });
    return () => controller.abort();
  }, [tz, attempt]);

  if (loaded.state === "loading") {
    return <Loading label={t("loading")} />;
  }
  if (loaded.state === "failed") {
    return (
      <LoadFailed
        message={t("failed")}
        retryLabel={tHistory("retry")}
        onRetry={() => setAttempt((a) => a + 1)}
        size="sm"
        className="flex-row items-center"
      />
    );
  }
  const { insights } = loaded;
  return (
    <div className="grid gap-6" data-testid="insight">
      <section className="grid gap-3 rounded-xl border bg-card p-4">
        <h3 className="text-sm font-semibold">{t("title")}</h3>
        <DaysChart days={insights.days} />
      </section>
      <FeedbackShare feedback={insights.feedback} />
      <RefusedMessages days={insights.refused ?? []} />
      <section className="grid gap-3" data-testid="insight-unanswered">
        <div>
          <h3 className="text-sm font-semibold">{t("unansweredTitle")}</h3>
          <p className="text-xs text-muted-foreground">{t("unansweredHint")}</p>
        </div>
        {insights.unanswered.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noUnanswered")}</p>
        ) : (
          <ul className="grid gap-2">
            {insights.unanswered.map((item) => (
              <UnansweredItem
                key={item.message_id}
                item={item}
                added={added.has(item.message_id)}
                onAdded={() => setAdded((s) => new Set(s).add(item.message_id))}
                formatTime={formatTime}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
