"use client";

import { ArrowLeftIcon, KeyRoundIcon, LoaderCircleIcon, MailIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiClientError, api } from "@/lib/client/api";
import { SIGNED_IN_HOME } from "@/lib/navigation/items";

export type SignInProvider = { id: string; label: string };

/** Where a sign-in code goes: the person's mailbox, or the server console when no SMTP_URL is set. */
export type CodeDelivery = "smtp" | "console";

type Step = { kind: "email" } | { kind: "code"; email: string; sentAt: number };

/** How long before "send a new code" wakes up: a second mail seconds after the first only confuses. */
const RESEND_AFTER_SECONDS = 30;

/**
 * The sign-in page's methods (AUTH-1, AUTH-2): one button per enabled provider, then the e-mail code form,
 * which is always there (without SMTP the code is printed in the server console, and the form says so).
 * Provider buttons are plain links: the server answers with a redirect to the provider.
 */
export function SignInMethods({
  providers,
  codeDelivery,
  referralCode,
  next,
}: {
  providers: SignInProvider[];
  codeDelivery: CodeDelivery;
  referralCode?: string;
  /** where to go once signed in by code (a path of this site without the locale); setup by default */
  next?: string;
}) {
  const t = useTranslations("signIn");
  const locale = useLocale();
  return (
    <div className="space-y-5" data-testid="sign-in-methods">
      {providers.length > 0 && (
        <ul className="space-y-2">
          {providers.map((p) => (
            <li key={p.id}>
              <Button asChild variant="outline" size="lg" className="w-full">
                <a href={providerStart(p.id, locale, referralCode)} data-provider={p.id}>
                  {t("withProvider", { provider: p.label })}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {providers.length > 0 && (
        <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
          <span className="h-px flex-1 bg-border" />
          {t("or")}
          <span className="h-px flex-1 bg-border" />
        </div>
      )}
      <EmailCodeForm referralCode={referralCode} delivery={codeDelivery} next={next} />
    </div>
  );
}

function providerStart(id: string, locale: string, referralCode?: string): string {
  const q = new URLSearchParams({ locale });
  if (referralCode) q.set("referral-code", referralCode);
  return `/api/v1/auth/${encodeURIComponent(id)}/new?${q}`;
}

function EmailCodeForm({
  referralCode,
  delivery,
  next,
}: {
  referralCode?: string;
  delivery: CodeDelivery;
  next?: string;
}) {
  const t = useTranslations("signIn");
  const locale = useLocale();
  const [step, setStep] = useState<Step>({ kind: "email" });
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const emailId = useId();
  const codeId = useId();
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step.kind !== "code") return;
    codeInput.current?.focus();
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step]);

  const explain = (err: unknown, field: "email" | "code") => {
    if (err instanceof ApiClientError) {
      const forField = err.fields?.[field];
      if (forField) setFieldError(forField);
      else if (err.code === "network_error") setFormError(t("network"));
      else setFormError(err.detail || t("failed"));
    } else setFormError(t("failed"));
  };

  const sendCode = async (address: string) => {
    setBusy(true);
    setFieldError(null);
    setFormError(null);
    try {
      await api.post(
        `/oauth2/otp?locale=${locale}`,
        { email: address, locale, ...(referralCode ? { referral_code: referralCode } : {}) },
        { renew: false },
      );
      setCode("");
      setStep({ kind: "code", email: address.trim(), sentAt: Date.now() });
      setNow(Date.now());
    } catch (err) {
      explain(err, "email");
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== "code" || busy) return;
    setBusy(true);
    setFieldError(null);
    setFormError(null);
    try {
      await api.post(`/oauth2/otp/verify?locale=${locale}`, { email: step.email, code }, { renew: false });
      // A full load: the server renders the signed-in pages with the new cookies.
      window.location.replace(`/${locale}${next ?? SIGNED_IN_HOME}`);
    } catch (err) {
      explain(err, "code");
      setBusy(false);
    }
  };

  if (step.kind === "email") {
    return (
      <form
        noValidate
        className="space-y-3"
        data-testid="email-code-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void sendCode(email);
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
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t("emailPlaceholder")}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${emailId}-error` : undefined}
        />
        {fieldError && (
          <p id={`${emailId}-error`} className="text-sm text-destructive">
            {fieldError}
          </p>
        )}
        {formError && (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <MailIcon aria-hidden />}
          {delivery === "console" ? t("sendCodeConsole") : t("sendCode")}
        </Button>
      </form>
    );
  }

  const waitSeconds = Math.max(0, RESEND_AFTER_SECONDS - Math.floor((now - step.sentAt) / 1000));
  return (
    <form noValidate className="space-y-3" data-testid="email-code-verify" onSubmit={verify}>
      <p role="status" className="text-sm text-muted-foreground">
        {delivery === "console"
          ? t("codeInConsole", { email: step.email })
          : t("codeSent", { email: step.email })}
      </p>
      <Label htmlFor={codeId}>{t("codeLabel")}</Label>
      <Input
        ref={codeInput}
        id={codeId}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={9}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        className="text-center font-mono text-lg tracking-[0.4em]"
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${codeId}-error` : undefined}
      />
      {fieldError && (
        <p id={`${codeId}-error`} className="text-sm text-destructive">
          {fieldError}
        </p>
      )}
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy || code.trim() === ""}>
        {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <KeyRoundIcon aria-hidden />}
        {t("verify")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setStep({ kind: "email" });
            setFieldError(null);
            setFormError(null);
          }}
        >
          <ArrowLeftIcon aria-hidden />
          {t("otherAddress")}
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          disabled={busy || waitSeconds > 0}
          onClick={() => void sendCode(step.email)}
        >
          {waitSeconds > 0 ? t("resendIn", { seconds: waitSeconds }) : t("resend")}
        </Button>
      </div>
    </form>
  );
}
