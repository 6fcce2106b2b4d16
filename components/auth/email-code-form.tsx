"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiClientError, api } from "@/lib/client/api";
import { contracts } from "@/lib/contracts/client";
import type { Locale } from "@/lib/i18n/routing";
import { SIGNED_IN_HOME } from "@/lib/navigation/items";
import type { CodeDelivery } from "./code-delivery";
import { CodeStep } from "./code-step";
import { EmailStep } from "./email-step";

type Step = { kind: "email" } | { kind: "code"; email: string; sentAt: number };

/** How long before "send a new code" wakes up: a second mail seconds after the first only confuses. */
const RESEND_AFTER_SECONDS = 30;

/** Sign-in by a mailed code (AUTH-2): the address first, then the code it received. */
export function EmailCodeForm({
  referralCode,
  delivery,
  next,
}: {
  referralCode?: string;
  delivery: CodeDelivery;
  next?: string;
}) {
  const t = useTranslations("signIn");
  // The [locale] segment renders only the routing's locales, which the contract's `locale` lists too.
  const locale = useLocale() as Locale;
  const [step, setStep] = useState<Step>({ kind: "email" });
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
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
      await api.call(
        contracts.sendOtp,
        {
          query: { locale },
          body: { email: address, locale, ...(referralCode ? { referral_code: referralCode } : {}) },
        },
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
      await api.call(
        contracts.verifyOtp,
        { query: { locale }, body: { email: step.email, code } },
        { renew: false },
      );
      // A full load: the server renders the signed-in pages with the new cookies.
      window.location.replace(`/${locale}${next ?? SIGNED_IN_HOME}`);
    } catch (err) {
      explain(err, "code");
      setBusy(false);
    }
  };

  if (step.kind === "email") {
    return (
      <EmailStep
        delivery={delivery}
        email={email}
        onEmail={setEmail}
        busy={busy}
        fieldError={fieldError}
        formError={formError}
        onSubmit={() => {
          if (!busy) void sendCode(email);
        }}
      />
    );
  }

  return (
    <CodeStep
      delivery={delivery}
      email={step.email}
      code={code}
      onCode={setCode}
      inputRef={codeInput}
      busy={busy}
      fieldError={fieldError}
      formError={formError}
      waitSeconds={Math.max(0, RESEND_AFTER_SECONDS - Math.floor((now - step.sentAt) / 1000))}
      onSubmit={verify}
      onOtherAddress={() => {
        setStep({ kind: "email" });
        setFieldError(null);
        setFormError(null);
      }}
      onResend={() => void sendCode(step.email)}
    />
  );
}
