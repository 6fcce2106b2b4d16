import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ArrowRightIcon } from "@/components/icons/lite/arrow-right";
import { MessageCircleIcon } from "@/components/icons/lite/message-circle";
import { Button } from "@/components/ui/button";
import type { OwnerAgent } from "@/lib/contracts/agent";
import type { TrainingSummary } from "@/lib/contracts/training";
import { Link } from "@/lib/i18n/navigation";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-3 last:border-b-0 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** /{lang}/ai for an owner: what their own agent is, knows and can do, with a way to try it. */
export async function AgentCapabilities({
  agent,
  modelName,
  summary,
}: {
  agent: OwnerAgent;
  modelName: string;
  summary: TrainingSummary;
}) {
  const t = await getTranslations("ai.agent");
  const kinds = await getTranslations("publicChat.kinds");
  return (
    <div className="grid gap-6" data-testid="agent-capabilities">
      <dl className="rounded-xl border bg-card px-4">
        <Row label={t("kind")}>{kinds(agent.kind)}</Row>
        <Row label={t("languages")}>{t(`languageValues.${agent.language}`)}</Row>
        <Row label={t("model")}>
          <span data-testid="agent-model">{modelName}</span>
        </Row>
        <Row label={t("learned")}>
          <span data-testid="agent-learned">
            {summary.completed > 0
              ? t("learnedValue", { count: summary.completed, characters: summary.characters })
              : t("nothingLearned")}
          </span>
          {summary.processing > 0 && (
            <span className="block text-sm text-muted-foreground">
              {t("learning", { count: summary.processing })}
            </span>
          )}
        </Row>
        <Row label={t("questions")}>
          {agent.suggested_questions.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5">
              {agent.suggested_questions.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ul>
          ) : (
            <span className="text-muted-foreground">{t("noQuestions")}</span>
          )}
        </Row>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link href="/chat">
            <MessageCircleIcon aria-hidden />
            {t("test")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/setup/files">
            {t("train")}
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </div>
    </div>
  );
}
