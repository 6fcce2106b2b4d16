"use client";

import { useLocale, useTranslations } from "next-intl";
import { parseDateKey } from "@/lib/client/history";
import type { RefusedDay } from "@/lib/contracts/history";
import { REFUSAL_REASONS } from "@/lib/contracts/values";

/**
 * The public-chat messages the abuse limits refused, per day and reason (CHAT-8): the owner sees when
 * someone tried to use up the allowance, and which limit held.
 */
export function RefusedMessages({ days }: { days: RefusedDay[] }) {
  const t = useTranslations("history.insight.refused");
  const tInsight = useTranslations("history.insight");
  const locale = useLocale();
  const reasons = REFUSAL_REASONS.filter((r) => days.some((d) => (d[r] ?? 0) > 0));
  const label = (key: string) => {
    const p = parseDateKey(key)!;
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(Date.UTC(p.year, p.month - 1, p.day, 12)),
    );
  };
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-4" data-testid="insight-refused">
      <div>
        <h3 className="text-sm font-semibold">{t("title")}</h3>
        <p className="text-xs text-muted-foreground">{t("hint")}</p>
      </div>
      {days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {tInsight("day")}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t("total")}
                </th>
                {reasons.map((r) => (
                  <th key={r} scope="col" className="py-1 pr-3 font-medium">
                    {t(r)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.date} className="border-t" data-date={d.date}>
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {label(d.date)}
                  </th>
                  <td className="py-1 pr-3 tabular-nums" data-reason="total">
                    {d.total}
                  </td>
                  {reasons.map((r) => (
                    <td key={r} className="py-1 pr-3 tabular-nums" data-reason={r}>
                      {d[r] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
