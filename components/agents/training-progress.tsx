"use client";

import { ArrowRightIcon, LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/lib/client/api";
import { Link } from "@/lib/i18n/navigation";

type Summary = { processing: number; completed: number; failed: number; characters: number };

/**
 * The setup page's training panel (AGENT-5): how much the agent has learned and what is still being
 * learned, refreshed while anything is. `agentId` is the public id, null until the agent is saved.
 */
export function TrainingProgress({ agentId }: { agentId: string | null }) {
  const t = useTranslations("setup.training");
  const [summary, setSummary] = useState<Summary | null>(null);
  const [tick, setTick] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick is the refresh trigger
  useEffect(() => {
    if (!agentId) return;
    const controller = new AbortController();
    api
      .list<unknown[], { summary?: Summary }>("/api/v1/agent/documents?page=1", { signal: controller.signal })
      .then(({ meta }) => setSummary(meta?.summary ?? null))
      .catch(() => {});
    return () => controller.abort();
  }, [agentId, tick]);

  useEffect(() => {
    if (!summary?.processing) return;
    const timer = setTimeout(() => setTick((n) => n + 1), 3_000);
    return () => clearTimeout(timer);
  }, [summary]);

  return (
    <Card data-testid="training-progress">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{agentId ? t("description") : t("needsAgent")}</CardDescription>
      </CardHeader>
      {agentId && (
        <CardContent className="space-y-3">
          {summary && (
            <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="training-summary">
              <li>
                <span className="block text-lg font-semibold">{summary.completed}</span>
                {t("learned")}
              </li>
              <li className="flex flex-col">
                <span className="flex items-center gap-1 text-lg font-semibold">
                  {summary.processing}
                  {summary.processing > 0 && <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />}
                </span>
                {t("learning")}
              </li>
              <li>
                <span className="block text-lg font-semibold">{summary.failed}</span>
                {t("failed")}
              </li>
              <li>
                <span className="block text-lg font-semibold">{summary.characters.toLocaleString()}</span>
                {t("characters")}
              </li>
            </ul>
          )}
          <Button asChild variant="outline" size="sm">
            <Link href="/setup/files">
              {t("manage")}
              <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
