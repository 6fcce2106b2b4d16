"use client";

import { useTranslations } from "next-intl";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { OwnerAgent } from "@/lib/contracts/agent";
import { OwnerChat } from "./owner-chat";

/** Setup's "Test your agent" card: the owner asks what visitors would, right beside the form. */
export function AgentTestPanel({ agent }: { agent: OwnerAgent }) {
  const t = useTranslations("chatUi");
  return (
    <Card data-testid="agent-test">
      <CardHeader>
        <CardTitle>{t("testTitle")}</CardTitle>
        <CardDescription>{t("testDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <OwnerChat greeting={agent.visitor_greeting} questions={agent.suggested_questions} layout="panel" />
      </CardContent>
    </Card>
  );
}
