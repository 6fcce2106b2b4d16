"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, type RefObject, useId } from "react";
import { ArrowLeftIcon } from "@/components/icons/lite/arrow-left";
import { KeyRoundIcon } from "@/components/icons/lite/key-round";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CodeDelivery } from "./code-delivery";
import { FormMessages } from "./form-messages";

/** The code that was mailed (or printed in the console), another address, or a new code after a wait. */
export function CodeStep(props: {
  delivery: CodeDelivery;
  email: string;
  code: string;
  onCode: (code: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  fieldError: string | null;
  formError: string | null;
  waitSeconds: number;
  onSubmit: (e: FormEvent) => void;
  onOtherAddress: () => void;
  onResend: () => void;
}) {
  const { delivery, email, code, busy, fieldError, waitSeconds } = props;
  const t = useTranslations("signIn");
  const codeId = useId();
  return (
    <form noValidate className="space-y-3" data-testid="email-code-verify" onSubmit={props.onSubmit}>
      <p role="status" className="text-sm text-muted-foreground">
        {delivery === "console" ? t("codeInConsole", { email }) : t("codeSent", { email })}
      </p>
      <Label htmlFor={codeId}>{t("codeLabel")}</Label>
      <Input
        ref={props.inputRef}
        id={codeId}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={9}
        required
        value={code}
        onChange={(e) => props.onCode(e.target.value)}
        className="text-center font-mono text-lg tracking-[0.4em]"
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${codeId}-error` : undefined}
      />
      <FormMessages fieldId={codeId} fieldError={fieldError} formError={props.formError} />
      <Button type="submit" size="lg" className="w-full" disabled={busy || code.trim() === ""}>
        {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <KeyRoundIcon aria-hidden />}
        {t("verify")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto px-0" onClick={props.onOtherAddress}>
          <ArrowLeftIcon aria-hidden />
          {t("otherAddress")}
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          disabled={busy || waitSeconds > 0}
          onClick={props.onResend}
        >
          {waitSeconds > 0 ? t("resendIn", { seconds: waitSeconds }) : t("resend")}
        </Button>
      </div>
    </form>
  );
}
