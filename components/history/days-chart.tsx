import { useLocale, useTranslations } from "next-intl";
import { parseDateKey } from "@/lib/client/history";
import type { DayCount } from "@/lib/contracts/history";

const dayLabel = (key: string, locale: string, opts: Intl.DateTimeFormatOptions) => {
  const p = parseDateKey(key)!;
  return new Intl.DateTimeFormat(locale, { ...opts, timeZone: "UTC" }).format(
    new Date(Date.UTC(p.year, p.month - 1, p.day, 12)),
  );
};

/** Conversations and messages per day as bars (inline SVG), described for screen readers, with a table. */
export function DaysChart({ days }: { days: DayCount[] }) {
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
