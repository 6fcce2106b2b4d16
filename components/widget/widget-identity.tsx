"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/lib/client/api";
import { contracts } from "@/lib/contracts/client";

const key = ["widget-secret"];

/**
 * Identity verification: the owner's server signs each visitor's id with this secret, so history can show
 * who they are. Hidden until asked for; rotating it stops trusting every id signed before.
 */
export function WidgetIdentityCard() {
  const t = useTranslations("widgetSetup");
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  const secret = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(contracts.widgetSecret, {}, { signal }),
    enabled: shown,
  });
  const rotate = useMutation({
    mutationFn: () => api.call(contracts.rotateWidgetSecret, {}),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      setShown(true);
      toast.success(t("rotated"));
    },
    onError: () => toast.error(t("saveFailed")),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("identityTitle")}</CardTitle>
        <CardDescription>{t("identityDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {shown && (
          <code className="break-all rounded-md bg-muted p-3 font-mono text-xs" data-testid="widget-secret">
            {secret.data?.secret ?? "…"}
          </code>
        )}
        <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
          {`user_hash = HMAC_SHA256(secret, user_id).hex()\nagentcity("identify", { user_id, user_hash, name })`}
        </pre>
        <div className="flex flex-wrap gap-2">
          {!shown && (
            <Button type="button" size="sm" variant="outline" onClick={() => setShown(true)}>
              {t("showSecret")}
            </Button>
          )}
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={rotate.isPending}
            onClick={() => {
              if (window.confirm(t("rotateConfirm"))) rotate.mutate();
            }}
          >
            {t("rotate")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
