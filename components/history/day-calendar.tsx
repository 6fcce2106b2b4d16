"use client";

import { useLocale, useTranslations } from "next-intl";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { ChevronLeftIcon } from "@/components/icons/lite/chevron-left";
import { ChevronRightIcon } from "@/components/icons/lite/chevron-right";
import { Button } from "@/components/ui/button";
import {
  addDays,
  addMonths,
  gridRange,
  type Month,
  monthCaption,
  monthGrid,
  monthOf,
  parseDateKey,
  weekStartFor,
} from "@/lib/client/history";
import { useConversationDays } from "@/lib/client/queries/history";
import { cn } from "@/lib/ui/cn";

/** A date from a day key, at noon UTC so that formatting it in UTC never crosses a day. */
const noonUtc = (key: string) => {
  const p = parseDateKey(key)!;
  return new Date(Date.UTC(p.year, p.month - 1, p.day, 12));
};

/**
 * HIST-2: a month grid (WAI-ARIA date grid: arrows move, Enter/Space picks) with the days that have
 * conversations marked. Day keys are in the owner's zone; the grid itself is pure calendar arithmetic.
 */
export function DayCalendar({
  tz,
  today,
  selected,
  onSelect,
}: {
  tz: string;
  today: string;
  selected: string | null;
  onSelect: (date: string | null) => void;
}) {
  const t = useTranslations("history.calendar");
  const locale = useLocale();
  const weekStart = weekStartFor(locale);
  const [month, setMonth] = useState<Month>(() => monthOf(selected ?? today));
  const [focus, setFocus] = useState<string>(selected ?? today);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  const weeks = useMemo(() => monthGrid(month, weekStart), [month, weekStart]);

  const range = gridRange(month, weekStart);
  const counts = useConversationDays({ from: range.from, to: range.to, tz });
  const days = useMemo(() => new Map((counts ?? []).map((d) => [d.date, d])), [counts]);

  // Focus follows the arrow keys once React has drawn the day (it may be in another month).
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focus}"]`)?.focus();
  }, [focus]);

  const monthTitle = monthCaption(month, locale);
  const weekdayNames = weeks[0]!.map((c) => ({
    short: new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" }).format(noonUtc(c.date)),
    long: new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(noonUtc(c.date)),
  }));
  const longDate = (key: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" }).format(noonUtc(key));

  const go = (key: string) => {
    moveFocus.current = true;
    setFocus(key);
    const m = monthOf(key);
    if (m.year !== month.year || m.month !== month.month) setMonth(m);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, key: string) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in moves) {
      e.preventDefault();
      go(addDays(key, moves[e.key]!));
    } else if (e.key === "PageUp" || e.key === "PageDown") {
      e.preventDefault();
      const p = parseDateKey(key)!;
      const m = addMonths({ year: p.year, month: p.month }, e.key === "PageUp" ? -1 : 1);
      const last = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
      go(`${m.year}-${String(m.month).padStart(2, "0")}-${String(Math.min(p.day, last)).padStart(2, "0")}`);
    }
  };

  const showMonth = (delta: number) => {
    const m = addMonths(month, delta);
    setMonth(m);
    setFocus(`${m.year}-${String(m.month).padStart(2, "0")}-01`);
  };

  return (
    <section className="rounded-xl border bg-card p-3" aria-label={t("label")} data-testid="history-calendar">
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t("previous")}
          onClick={() => showMonth(-1)}
        >
          <ChevronLeftIcon aria-hidden />
        </Button>
        <h2 className="text-sm font-semibold" aria-live="polite" id="history-calendar-month">
          {monthTitle}
        </h2>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t("next")}
          onClick={() => showMonth(1)}
        >
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
      <table ref={gridRef} aria-labelledby="history-calendar-month" className="w-full table-fixed">
        <thead>
          <tr>
            {weekdayNames.map((w) => (
              <th key={w.long} scope="col" className="pb-1 text-xs font-medium text-muted-foreground">
                <abbr title={w.long} className="no-underline">
                  {w.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((cell) => {
                const count = days.get(cell.date);
                const isSelected = cell.date === selected;
                const label = count
                  ? `${longDate(cell.date)}, ${t("hasConversations", { count: count.conversations })}`
                  : longDate(cell.date);
                return (
                  <td key={cell.date} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-date={cell.date}
                      data-has-conversations={count ? "true" : undefined}
                      tabIndex={cell.date === focus ? 0 : -1}
                      aria-label={label}
                      aria-pressed={isSelected}
                      aria-current={cell.date === today ? "date" : undefined}
                      onClick={() => {
                        setFocus(cell.date);
                        onSelect(isSelected ? null : cell.date);
                      }}
                      onKeyDown={(e) => onKeyDown(e, cell.date)}
                      className={cn(
                        "relative mx-auto grid size-9 place-items-center rounded-md text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                        !cell.inMonth && "text-muted-foreground/50",
                        cell.date === today && "font-bold",
                        count && "font-semibold text-primary",
                        isSelected && "bg-primary text-primary-foreground hover:bg-primary/90",
                      )}
                    >
                      {cell.day}
                      {count && (
                        <span
                          aria-hidden
                          className={cn(
                            "absolute bottom-1 size-1 rounded-full",
                            isSelected ? "bg-primary-foreground" : "bg-primary",
                          )}
                        />
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span aria-live="polite" data-testid="calendar-status">
          {selected ? t("selected", { date: longDate(selected) }) : t("all")}
        </span>
        {selected && (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0"
            onClick={() => onSelect(null)}
          >
            {t("clear")}
          </Button>
        )}
      </div>
    </section>
  );
}
