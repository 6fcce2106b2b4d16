"use client";

import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { BuildingIcon } from "@/components/icons/lite/building";
import { CreditCardIcon } from "@/components/icons/lite/credit-card";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { billingApi } from "@/lib/client/billing";
import { cn } from "@/lib/ui/cn";
import { type CardErrors, CardFields, readCard, TestCards } from "./card-fields";
import { DeclinedCard, declineReason } from "./declined-card";

type Method = "card" | "bank_transfer";
type Order = { plan: string; cycle: "monthly" | "yearly"; currency: "VND" | "USD" };

/**
 * The sandbox checkout's form: a test card, or a bank transfer to the sandbox's test account (the same panel
 * payOS shows) whose funds the owner makes arrive. A paid card or arrived funds lead to the billing page,
 * whose payment check tells the outcome. A declined card stays here: the bank's reason, the card as typed,
 * and "try another card" or "pay by bank transfer" on a fresh checkout of the same order (a declined payment
 * is final, as at a real provider).
 */
export function CheckoutForm({
  token: renderedToken,
  amount,
  order,
  initialMethod,
  transferPanel,
}: {
  token: string;
  amount: string;
  order: Order;
  initialMethod: Method;
  /** the sandbox's transfer panel for the rendered token, drawn on the server (its QR included) */
  transferPanel: ReactNode;
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const [method, setMethod] = useState<Method>(initialMethod);
  const [errors, setErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [busy, setBusy] = useState<"pay" | "settle" | null>(null);
  // The checkout being paid: a decline spends it, and the next attempt starts a new one for the same order.
  const token = useRef(renderedToken);
  const spent = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Until the page's script runs, "Pay" would submit the form natively: the card number in the address.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const checkoutPath = (value: string) => `/${locale}/billing/checkout/${encodeURIComponent(value)}`;

  /** The token to pay with: the current one, or a new checkout of the same order once it was declined. */
  const payableToken = async (): Promise<string> => {
    if (!spent.current) return token.current;
    // Reading the declined payment converges it from the provider (as the billing page's payment check
    // does), which releases the owner for a new checkout even before the decline's event is processed.
    await billingApi.payment(token.current);
    const started = await billingApi.createPaymentToken({ ...order, method: "card" });
    token.current = started.token;
    spent.current = false;
    // The address follows, so a reload shows the checkout that is open now.
    window.history.replaceState(null, "", checkoutPath(started.token));
    return started.token;
  };

  const fail = (err: unknown) => {
    if (err instanceof ApiClientError && err.fields) {
      setErrors({
        number: err.fields.card_number,
        expiry: err.fields.exp_month ?? err.fields.exp_year,
        cvc: err.fields.cvc,
      });
    }
    setError(err instanceof ApiClientError && err.detail ? err.detail : t("failed"));
    setBusy(null);
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setDeclined(null);
    if (method === "bank_transfer") return void transfer(false);
    const read = readCard(new FormData(e.currentTarget), t);
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setBusy("pay");
    try {
      const paid = await billingApi.sandboxPay({ token: await payableToken(), ...read.card }, locale);
      if (paid.status === "failed") {
        spent.current = true;
        setDeclined(declineReason(paid.failure_code));
        setBusy(null);
        return;
      }
      window.location.assign(`/${locale}/billing`);
    } catch (err) {
      fail(err);
    }
  };

  /** The transfer is made (verifying); with `arrive`, the sandbox then settles it: the funds are there. */
  const transfer = async (arrive: boolean) => {
    if (busy) return;
    setError(null);
    setBusy(arrive ? "settle" : "pay");
    try {
      const current = await payableToken();
      const made = await billingApi.sandboxPay({ token: current, method: "bank_transfer" }, locale);
      if (arrive && made.status === "verifying") await billingApi.sandboxSettle({ token: current });
      window.location.assign(`/${locale}/billing`);
    } catch (err) {
      fail(err);
    }
  };

  const choose = (value: Method) => {
    setDeclined(null);
    // The panel on screen belongs to the checkout the page was drawn for; a newer one is drawn anew.
    if (value === "bank_transfer" && (spent.current || token.current !== renderedToken)) {
      void payByTransfer();
      return;
    }
    setMethod(value);
  };

  const anotherCard = () => {
    setDeclined(null);
    const number = formRef.current?.elements.namedItem("card_number");
    if (number instanceof HTMLInputElement) {
      number.value = "";
      number.focus();
    }
  };

  const payByTransfer = async () => {
    setBusy("pay");
    try {
      await payableToken();
      window.location.assign(`${checkoutPath(token.current)}?method=bank_transfer`);
    } catch (err) {
      fail(err);
    }
  };

  const choice = (value: Method, label: string, Icon: typeof CreditCardIcon) => (
    <Button
      type="button"
      variant="outline"
      aria-pressed={method === value}
      onClick={() => choose(value)}
      className={cn(
        // Labels wrap rather than being cut ("Chuyển khoản ngân hàng" on a 390 px phone).
        "h-auto min-h-12 min-w-0 flex-1 whitespace-normal py-2 text-center leading-tight",
        method === value && "border-primary bg-primary/5 ring-1 ring-primary",
      )}
    >
      <Icon aria-hidden />
      <span>{label}</span>
    </Button>
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" data-testid="checkout-form">
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
          {declined && (
            <DeclinedCard
              reason={declined}
              busy={busy !== null}
              onAnotherCard={anotherCard}
              onTransfer={() => void payByTransfer()}
            />
          )}
          <TestCards />
        </>
      ) : (
        transferPanel
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {method === "bank_transfer" && (
        <Button
          type="button"
          size="lg"
          className="w-full whitespace-normal"
          disabled={busy !== null}
          onClick={() => void transfer(true)}
        >
          {busy === "settle" && <LoaderCircleIcon aria-hidden className="animate-spin" />}
          {busy === "settle" ? t("simulating") : t("simulateFunds")}
        </Button>
      )}
      <Button
        type="submit"
        size="lg"
        variant={method === "card" ? "default" : "outline"}
        className="w-full whitespace-normal"
        disabled={!ready || busy !== null}
      >
        {busy === "pay" && <LoaderCircleIcon aria-hidden className="animate-spin" />}
        {busy === "pay" ? t("paying") : method === "card" ? t("pay", { amount }) : t("transferConfirm")}
      </Button>
    </form>
  );
}
