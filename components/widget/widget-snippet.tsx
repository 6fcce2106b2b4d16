"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { CheckIcon } from "@/components/icons/lite/check";
import { CopyIcon } from "@/components/icons/lite/copy";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The one tag an owner pastes into their site, in the language their visitors read. */
export function WidgetSnippet({ appUrl, agentId }: { appUrl: string; agentId: string }) {
  const t = useTranslations("widgetSetup");
  const locale = useLocale();
  const [copied, setCopied] = useState(false);
  const base = appUrl.replace(/\/+$/, "");
  const snippet = `<script src="${base}/embed.js" data-agent-id="${agentId}" data-locale="${locale}" async></script>`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      toast.success(t("copied"));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error(t("copyFailed"));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("snippetTitle")}</CardTitle>
        <CardDescription>{t("snippetDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <pre
          className="overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs"
          data-testid="widget-snippet"
        >
          {snippet}
        </pre>
        <div>
          <Button type="button" size="sm" onClick={copy}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {t("copy")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
