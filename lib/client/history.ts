/**
 * The history page's objects and pure helpers (docs/history-api.md): calendar days in the owner's time
 * zone, month grids, relative times and the export's file name. No React, no fetch: unit tested.
 */
import { contracts, pathOf } from "@/lib/contracts/client";
import type { ExportFormat } from "@/lib/contracts/history";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "YYYY-MM-DD" of a year, month (1–12) and day. */
export function dateKey(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function parseDateKey(key: string): { year: number; month: number; day: number } | null {
  const m = DATE_RE.exec(key);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar day an instant falls on in a time zone, as "YYYY-MM-DD". */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return dateKey(get("year"), get("month"), get("day"));
}

/** A day key moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(key: string, days: number): string {
  const p = parseDateKey(key);
  if (!p) throw new Error(`not a date: ${key}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return dateKey(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 1000; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The last `count` days up to today in the zone: {from, to}. */
export function lastDays(count: number, timeZone: string, now = new Date()): { from: string; to: string } {
  const to = dayInZone(now, timeZone);
  return { from: addDays(to, -(count - 1)), to };
}

export type Month = { year: number; month: number };

/**
 * A calendar's caption, "November 2026" / "Tháng 11 năm 2026": only the first letter is raised, as a
 * sentence starts (CSS `capitalize` raised every word, giving "Tháng 11 Năm 2026").
 */
export function monthCaption(month: Month, locale: string): string {
  const text = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(month.year, month.month - 1, 15)),
  );
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

export function monthOf(key: string): Month {
  const p = parseDateKey(key);
  if (!p) throw new Error(`not a date: ${key}`);
  return { year: p.year, month: p.month };
}

export function addMonths(m: Month, delta: number): Month {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function daysInMonth(m: Month): number {
  return new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
}

export type GridCell = { date: string; day: number; inMonth: boolean; weekday: number };

/**
 * A month as whole weeks (rows of 7) starting on `weekStart` (0 Sunday … 6 Saturday; Monday is 1), with the
 * neighbouring months' days filling the first and last rows. Pure calendar arithmetic in UTC, so the
 * browser's own zone never shifts a day.
 */
export function monthGrid(m: Month, weekStart = 1): GridCell[][] {
  const first = dateKey(m.year, m.month, 1);
  const firstWeekday = new Date(Date.UTC(m.year, m.month - 1, 1)).getUTCDay();
  const lead = (firstWeekday - weekStart + 7) % 7;
  const total = Math.ceil((lead + daysInMonth(m)) / 7) * 7;
  const weeks: GridCell[][] = [];
  for (let i = 0; i < total; i++) {
    const date = addDays(first, i - lead);
    const p = parseDateKey(date)!;
    const cell: GridCell = {
      date,
      day: p.day,
      inMonth: p.month === m.month && p.year === m.year,
      weekday: (weekStart + i) % 7,
    };
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push(cell);
  }
  return weeks;
}

/** The first and last day shown by a month's grid (for asking which days have conversations). */
export function gridRange(m: Month, weekStart = 1): { from: string; to: string } {
  const weeks = monthGrid(m, weekStart);
  return { from: weeks[0]![0]!.date, to: weeks[weeks.length - 1]![6]!.date };
}

/** The first day of the week by language: Monday in Vietnamese, Sunday in English (US). */
export function weekStartFor(locale: string): number {
  return locale.startsWith("vi") ? 1 : 0;
}

export type Relative = { value: number; unit: Intl.RelativeTimeFormatUnit } | null;

/** How long ago, for times within the last week; null for older ones (shown as a date instead). */
export function relativeTo(then: Date, now: Date): Relative {
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return { value: 0, unit: "second" };
  if (abs < 3600) return { value: Math.round(seconds / 60), unit: "minute" };
  if (abs < 86_400) return { value: Math.round(seconds / 3600), unit: "hour" };
  if (abs < 7 * 86_400) return { value: Math.round(seconds / 86_400), unit: "day" };
  return null;
}

/** The export's file name from Content-Disposition, or the contract's default name. */
export function exportFileName(disposition: string | null, date: string, format: ExportFormat): string {
  const fallback = `agentcity-history-${date}.${format}`;
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, "")) || fallback;
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? "").trim();
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/** Query string of the conversations list (empty values left out). */
export function conversationsPath(p: {
  tz: string;
  lastId?: string | null;
  date?: string | null;
  q?: string;
}): string {
  const q = p.q?.trim();
  return pathOf(contracts.listConversations, null, {
    tz: p.tz,
    last_id: p.lastId || undefined,
    date: p.date || undefined,
    q: q || undefined,
  });
}

/** Adds a page to a list, keeping each conversation once (the first time it was seen). */
export function appendUnique<T extends { id: string }>(list: T[], page: T[]): T[] {
  const seen = new Set(list.map((c) => c.id));
  const added = page.filter((c) => !seen.has(c.id) && seen.add(c.id));
  return added.length ? [...list, ...added] : list;
}

/** The share of helpful answers among rated ones, 0–100, or null when nothing was rated. */
export function helpfulShare(feedback: { helpful: number; unhelpful: number }): number | null {
  const total = feedback.helpful + feedback.unhelpful;
  return total === 0 ? null : Math.round((feedback.helpful / total) * 100);
}
