"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { BuildingIcon } from "@/components/icons/lite/building";
import { CreditCardIcon } from "@/components/icons/lite/credit-card";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { billingApi } from "@/lib/client/billing";
import { cn } from "@/lib/ui/cn";
import { type CardErrors, CardFields, readCard, TestCards } from "./card-fields";

type Method = "card" | "bank_transfer";

/**
 * The sandbox checkout's form: a test card or a bank transfer, sent to the sandbox's "Pay". Whatever the
 * outcome, the billing page tells it (its payment check reads the checkout's cookie); a refused card
 * (an expiry in the past) stays here to be corrected.
 */
export function CheckoutForm({
  token,
  amount,
  initialMethod,
}: {
  token: string;
  amount: string;
  initialMethod: Method;
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const [method, setMethod] = useState<Method>(initialMethod);
  const [errors, setErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    let body: Parameters<typeof billingApi.sandboxPay>[0];
    if (method === "card") {
      const read = readCard(new FormData(e.currentTarget), t);
      if ("errors" in read) {
        setErrors(read.errors);
        return;
      }
      body = { token, ...read.card };
    } else body = { token, method: "bank_transfer" };
    setErrors({});
    setBusy(true);
    try {
      await billingApi.sandboxPay(body, locale);
      window.location.assign(`/${locale}/billing`);
    } catch (err) {
      if (err instanceof ApiClientError && err.fields) {
        setErrors({
          number: err.fields.card_number,
          expiry: err.fields.exp_month ?? err.fields.exp_year,
          cvc: err.fields.cvc,
        });
      }
      setError(err instanceof ApiClientError && err.detail ? err.detail : t("failed"));
      setBusy(false);
    }
  };

  const choice = (value: Method, label: string, Icon: typeof CreditCardIcon) => (
    <Button
      type="button"
      variant="outline"
      aria-pressed={method === value}
      onClick={() => setMethod(value)}
      className={cn(
        "h-12 flex-1 min-w-0",
        method === value && "border-primary bg-primary/5 ring-1 ring-primary",
      )}
    >
      <Icon aria-hidden />
      <span className="truncate">{label}</span>
    </Button>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="checkout-form">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{t("method")}</legend>
        <div className="flex gap-2">
          {choice("card", t("card"), CreditCardIcon)}
          {choice("bank_transfer", t("bankTransfer"), BuildingIcon)}
        </div>
      </fieldset>
      {method === "card" ? (
        <>
          <CardFields errors={errors} />
          <TestCards />
        </>
      ) : (
        <p className="rounded-lg border bg-muted/50 p-3 text-sm">{t("transferNote")}</p>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy && <LoaderCircleIcon aria-hidden className="animate-spin" />}
        {busy ? t("paying") : method === "card" ? t("pay", { amount }) : t("transferConfirm")}
      </Button>
    </form>
  );
}
