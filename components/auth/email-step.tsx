"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { MailIcon } from "@/components/icons/lite/mail";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CodeDelivery } from "./code-delivery";
import { FormMessages } from "./form-messages";

/** The address a sign-in code is sent to; with no SMTP, a note that the code goes to the server console. */
export function EmailStep(props: {
  delivery: CodeDelivery;
  email: string;
  onEmail: (email: string) => void;
  busy: boolean;
  fieldError: string | null;
  formError: string | null;
  onSubmit: () => void;
}) {
  const { delivery, email, busy, fieldError } = props;
  const t = useTranslations("signIn");
  const emailId = useId();
  return (
    <form
      noValidate
      className="space-y-3"
      data-testid="email-code-form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {delivery === "console" && (
        <p
          data-testid="code-in-console-note"
          className="rounded-lg border border-dashed bg-muted/50 p-3 text-sm text-muted-foreground"
        >
          {t("consoleNote")}
        </p>
      )}
      <Label htmlFor={emailId}>{t("emailLabel")}</Label>
      <Input
        id={emailId}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(e) => props.onEmail(e.target.value)}
        placeholder={t("emailPlaceholder")}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${emailId}-error` : undefined}
      />
      <FormMessages fieldId={emailId} fieldError={fieldError} formError={props.formError} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <MailIcon aria-hidden />}
        {delivery === "console" ? t("sendCodeConsole") : t("sendCode")}
      </Button>
    </form>
  );
}
