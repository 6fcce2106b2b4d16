"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { api } from "@/lib/client/api";
import { ApiClientError } from "@/lib/client/http";
import { contracts } from "@/lib/contracts/client";
import { SIGNED_IN_HOME } from "@/lib/navigation/items";

type Status =
  | { kind: "ready" }
  | { kind: "working" }
  | { kind: "joined"; name: string }
  | { kind: "failed"; message: string };

/**
 * Accepts an invitation for the signed-in person (issue 45). The server says why when it cannot (another
 * address, used, expired), in the page's language; joining switches this browser to the workspace.
 */
export function AcceptInvitation({ token, locale }: { token: string; locale: string }) {
  const t = useTranslations("workspace.invite");
  const [status, setStatus] = useState<Status>({ kind: "ready" });

  async function accept() {
    setStatus({ kind: "working" });
    try {
      const joined = await api.call(contracts.acceptInvitation, { body: { token } });
      setStatus({ kind: "joined", name: joined.name });
    } catch (err) {
      setStatus({ kind: "failed", message: err instanceof ApiClientError ? err.detail : String(err) });
    }
  }

  if (status.kind === "joined") {
    return (
      <Card className="items-center text-center" data-invite-status="joined">
        <p role="status">{t("joined", { workspace: status.name })}</p>
        <Button asChild>
          <a href={`/${locale}${SIGNED_IN_HOME}`}>{t("open")}</a>
        </Button>
      </Card>
    );
  }
  return (
    <Card className="items-center text-center" data-invite-status={status.kind}>
      <p className="text-muted-foreground">{t("intro")}</p>
      {status.kind === "failed" ? (
        <p role="alert" className="text-destructive">
          {status.message}
        </p>
      ) : null}
      <Button onClick={accept} disabled={status.kind === "working"}>
        {status.kind === "working" ? t("accepting") : t("accept")}
      </Button>
    </Card>
  );
}
