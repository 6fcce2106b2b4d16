"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ChannelIcon, channelLabels, channelTypeList } from "@/components/channels/channel-icon";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiClientError } from "@/lib/client/api";
import { type ConnectChannelBody, useConnectChannel } from "@/lib/client/queries/channels";
import type { ChannelType, ChannelView } from "@/lib/contracts/channels";
import { cn } from "@/lib/ui/cn";
import { CopyField } from "./copy-field";

type Field = { name: string; label: string; hint?: string; secret?: boolean; numeric?: boolean };

/**
 * One form per platform: Telegram's bot token; Messenger's page id, Page access token and app secret;
 * Zalo's app and OA keys, then either Zalo's authorization page or a pasted token pair. The server's words
 * (in the page's language) appear under the field, or under the form, when it refuses.
 */
export function ConnectForm({
  zaloRedirectUri,
  onConnected,
}: {
  zaloRedirectUri: string;
  onConnected: (channel: ChannelView) => void;
}) {
  const t = useTranslations("channelsPage");
  const connect = useConnectChannel();
  const [type, setType] = useState<ChannelType>("telegram");
  const [zaloMode, setZaloMode] = useState<"oauth" | "paste">("oauth");
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ detail: string; fields: Record<string, string> } | null>(null);
  const formId = useId();
  const errorId = useId();

  const fields: Field[] =
    type === "telegram"
      ? [{ name: "bot_token", label: t("botToken"), hint: t("botTokenHint"), secret: true }]
      : type === "messenger"
        ? [
            { name: "page_id", label: t("pageId"), hint: t("pageIdHint"), numeric: true },
            {
              name: "page_access_token",
              label: t("pageAccessToken"),
              hint: t("pageAccessTokenHint"),
              secret: true,
            },
            { name: "app_secret", label: t("appSecret"), hint: t("appSecretHint"), secret: true },
          ]
        : [
            { name: "app_id", label: t("zaloAppId"), numeric: true },
            { name: "app_secret", label: t("zaloAppSecret"), hint: t("zaloAppHint"), secret: true },
            { name: "oa_secret_key", label: t("zaloOaSecret"), hint: t("zaloOaSecretHint"), secret: true },
            ...(zaloMode === "paste"
              ? [
                  { name: "access_token", label: t("zaloAccessToken"), secret: true },
                  {
                    name: "refresh_token",
                    label: t("zaloRefreshToken"),
                    hint: t("zaloPasteHint"),
                    secret: true,
                  },
                ]
              : []),
          ];

  const choose = (next: ChannelType) => {
    setType(next);
    setValues({});
    setError(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = { type, ...Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? ""])) };
    try {
      const made = await connect.mutateAsync(body as ConnectChannelBody);
      setValues({});
      if (made.authorize_url) {
        // The OA's admin grants access on Zalo, which sends them back to this page.
        window.location.assign(made.authorize_url);
        return;
      }
      toast.success(t("connected", { channel: channelLabels[made.type] }));
      onConnected(made);
    } catch (err) {
      if (err instanceof ApiClientError) setError({ detail: err.detail, fields: err.fields ?? {} });
      else setError({ detail: String(err), fields: {} });
    }
  };

  return (
    <div className="grid gap-4 rounded-xl border bg-card p-4">
      <fieldset aria-label={t("connectTitle")} className="grid grid-cols-3 gap-2">
        {channelTypeList.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={type === c}
            data-testid={`connect-type-${c}`}
            onClick={() => choose(c)}
            className={cn(
              "flex min-h-11 items-center justify-center gap-2 rounded-md border px-2 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
              type === c
                ? "border-primary bg-primary/5 text-foreground"
                : "text-muted-foreground hover:bg-accent",
            )}
          >
            <ChannelIcon type={c} className="size-4 shrink-0" aria-hidden />
            {channelLabels[c]}
          </button>
        ))}
      </fieldset>

      {type === "zalo" && (
        <fieldset aria-label={channelLabels.zalo} className="flex flex-wrap gap-2">
          {(["oauth", "paste"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={zaloMode === mode}
              data-testid={`zalo-mode-${mode}`}
              onClick={() => {
                setZaloMode(mode);
                setError(null);
              }}
              className={cn(
                "min-h-11 rounded-md border px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                zaloMode === mode ? "border-primary bg-primary/5 font-medium" : "text-muted-foreground",
              )}
            >
              {t(mode === "oauth" ? "zaloModeOauth" : "zaloModePaste")}
            </button>
          ))}
        </fieldset>
      )}

      <form
        onSubmit={(e) => void submit(e)}
        className="grid gap-3"
        data-testid="connect-form"
        data-type={type}
        noValidate
      >
        {fields.map((f) => {
          const id = `${formId}-${f.name}`;
          const fieldError = error?.fields[f.name];
          return (
            <div key={`${type}-${f.name}`} className="grid gap-1">
              <Label htmlFor={id}>{f.label}</Label>
              <Input
                id={id}
                name={f.name}
                value={values[f.name] ?? ""}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                inputMode={f.numeric ? "numeric" : undefined}
                autoComplete="off"
                spellCheck={false}
                className={f.secret ? "font-mono" : undefined}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={f.hint ? `${id}-hint` : undefined}
                data-testid={`connect-${f.name}`}
              />
              {f.hint && (
                <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                  {f.hint}
                </p>
              )}
              {fieldError && <p className="text-sm text-destructive">{fieldError}</p>}
            </div>
          );
        })}
        {type === "zalo" && zaloMode === "oauth" && (
          <div className="grid gap-2 text-xs text-muted-foreground">
            <p>{t("zaloOauthHint")}</p>
            <p>{t("zaloRedirectHint")}</p>
            <CopyField label={t("zaloCallbackUrl")} value={zaloRedirectUri} testId="zalo-redirect-uri" />
          </div>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="connect-error">
            {error.detail}
          </p>
        )}
        <Button
          type="submit"
          disabled={connect.isPending}
          className="justify-self-start"
          data-testid="connect-submit"
        >
          {connect.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {connect.isPending
            ? t("connecting")
            : type === "zalo" && zaloMode === "oauth"
              ? t("connectZalo")
              : t("connect")}
        </Button>
      </form>
    </div>
  );
}
