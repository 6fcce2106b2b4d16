"use client";

import { useTranslations } from "next-intl";
import { ArrowRightIcon } from "@/components/icons/lite/arrow-right";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useTrainingSummary } from "@/lib/client/queries/training";
import { Link } from "@/lib/i18n/navigation";

/**
 * The setup page's training panel (AGENT-5): how much the agent has learned and what is still being
 * learned, refreshed while anything is. `agentId` is the public id, null until the agent is saved.
 */
export function TrainingProgress({ agentId }: { agentId: string | null }) {
  const t = useTranslations("setup.training");
  // Last known counts: a failed refresh keeps showing them.
  const summary = useTrainingSummary(agentId !== null).data ?? null;

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
