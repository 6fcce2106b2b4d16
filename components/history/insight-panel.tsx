"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { lastDays } from "@/lib/client/history";
import { useInsights } from "@/lib/client/queries/history";
import { loadStateOf } from "@/lib/client/queries/load-state";
import { DaysChart } from "./days-chart";
import { FeedbackShare } from "./feedback-share";
import { RefusedMessages } from "./refused-messages";
import { UnansweredItem } from "./unanswered-item";

/** HIST-3: the last 30 days at a glance, the ratings, and the questions the agent could not answer. */
export function InsightPanel({ tz, formatTime }: { tz: string; formatTime: (iso: string) => string }) {
  const t = useTranslations("history.insight");
  const tHistory = useTranslations("history");
  const [added, setAdded] = useState<Set<string>>(new Set());
  // The month ending today, in the owner's zone.
  const range = useMemo(() => ({ ...lastDays(30, tz), tz }), [tz]);
  const query = useInsights(range);
  const loaded = loadStateOf(query);

  if (loaded.state === "loading") {
    return <Loading label={t("loading")} />;
  }
  if (loaded.state === "failed") {
    return (
      <LoadFailed
        message={t("failed")}
        retryLabel={tHistory("retry")}
        onRetry={() => void query.refetch()}
        size="sm"
        className="flex-row items-center"
      />
    );
  }
  const insights = loaded.data;
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
