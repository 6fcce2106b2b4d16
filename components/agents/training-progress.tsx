import { ArrowRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/lib/i18n/navigation";

/**
 * The setup page's training panel (AGENT-5/6). A slot for now: the files and training work fills it with
 * the documents' progress (processing / completed / failed, characters learned). `agentId` is the public
 * id, null until the agent is saved.
 */
export function TrainingProgress({ agentId }: { agentId: string | null }) {
  const t = useTranslations("setup.training");
  return (
    <Card data-testid="training-progress">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{agentId ? t("description") : t("needsAgent")}</CardDescription>
      </CardHeader>
      {agentId && (
        <CardContent>
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
