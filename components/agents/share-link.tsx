"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { CheckIcon } from "@/components/icons/lite/check";
import { CopyIcon } from "@/components/icons/lite/copy";
import { ExternalLinkIcon } from "@/components/icons/lite/external-link";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";

/** The agent's public page, /{lang}/c/{publicId}, in the page's language, with a copy button. */
export function ShareLink({ appUrl, publicId }: { appUrl: string; publicId: string }) {
  const t = useTranslations("setup.share");
  const locale = useLocale();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const id = useId();
  const url = `${appUrl.replace(/\/+$/, "")}/${locale}/c/${publicId}`;

  const copy = async () => {
    let done = false;
    try {
      await navigator.clipboard.writeText(url);
      done = true;
    } catch {
      // No clipboard API (an insecure origin, a denied permission): copy the selected text the old way.
      inputRef.current?.select();
      done = document.execCommand?.("copy") ?? false;
    }
    if (!done) {
      inputRef.current?.select();
      toast.error(t("copyFailed"));
      return;
    }
    setCopied(true);
    toast.success(t("copied"));
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <Card data-testid="share-link">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Input
          id={id}
          ref={inputRef}
          readOnly
          value={url}
          aria-label={t("linkLabel")}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs sm:text-xs"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={copy}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {t("copy")}
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={url} target="_blank" rel="noopener">
              <ExternalLinkIcon aria-hidden />
              {t("open")}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
