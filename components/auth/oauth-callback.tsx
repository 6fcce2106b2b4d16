"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { CircleExclamationPointIcon as CircleAlertIcon } from "@/components/icons/lite/circle-exclamation-point";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { urlOf } from "@/lib/client/api";
import { takeSignInNext } from "@/lib/client/sign-in-next";
import { type BodyInput, contracts } from "@/lib/contracts/client";
import { callbackStep } from "@/lib/shared/oauth-callback";

type Status = { kind: "working" } | { kind: "success" } | { kind: "failed"; message: string };

/**
 * The browser's half of AUTH-1: hands the provider's answer to the API once, then opens the setup area (or
 * the page the sign-in started for, e.g. a plan chosen on the pricing page) with a full page load so every
 * server-rendered part sees the new session cookies.
 */
export function OAuthCallback(props: { provider: string; providerName: string; locale: string }) {
  const { provider, providerName, locale } = props;
  const t = useTranslations("oauth");
  const [status, setStatus] = useState<Status>({ kind: "working" });
  // Strict mode runs effects twice; a second POST would find the flow spent and show a false failure.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    // The code is single use, but it still has no business in history or a later Referer.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    const fail = (message: string) => setStatus({ kind: "failed", message });

    const step = callbackStep(query);
    if (step.kind === "fail") {
      fail(t(step.reason, { provider: providerName }));
      return;
    }
    finish(provider, locale, step.body).then(
      (result) => {
        if (result.ok) {
          setStatus({ kind: "success" });
          window.location.replace(`/${locale}${takeSignInNext() ?? "/setup"}`);
        } else fail(result.detail ?? t("network"));
      },
      () => fail(t("network")),
    );
  }, [provider, providerName, locale, t]);

  if (status.kind === "failed") {
    return (
      <Card className="items-center text-center" data-oauth-status="failed">
        <span className="grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlertIcon className="size-5" aria-hidden />
        </span>
        <h2 className="text-lg font-semibold">{t("failedTitle")}</h2>
        <p role="alert" className="max-w-md text-muted-foreground">
          {status.message}
        </p>
        <Button asChild>
          <a href={`/${locale}`}>{t("backToSignIn")}</a>
        </Button>
      </Card>
    );
  }
  return (
    <Card className="items-center text-center" data-oauth-status={status.kind}>
      <LoaderCircleIcon className="size-6 animate-spin text-primary" aria-hidden />
      <p role="status" className="text-muted-foreground">
        {status.kind === "success" ? t("success") : t("working", { provider: providerName })}
      </p>
    </Card>
  );
}

/** A plain fetch, not `api.call`: nobody is signed in yet, so there is no session to renew. */
async function finish(
  provider: string,
  locale: string,
  body: BodyInput<typeof contracts.finishOAuth>,
): Promise<{ ok: true } | { ok: false; detail?: string }> {
  const input = { params: { provider }, query: { locale }, body };
  const res = await fetch(urlOf(contracts.finishOAuth, input), {
    method: contracts.finishOAuth.method,
    headers: { "content-type": "application/json", accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  if (res.ok) return { ok: true };
  const payload = (await res.json().catch(() => null)) as { error?: { detail?: string } } | null;
  return { ok: false, detail: payload?.error?.detail };
}
