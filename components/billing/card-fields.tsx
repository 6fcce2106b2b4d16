"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type CardInput, parseExpiry } from "@/lib/client/billing";

export type CardErrors = Partial<Record<"number" | "expiry" | "cvc", string>>;

/** Reads the card fields of a form; the errors are in the page's language, per field. */
export function readCard(
  form: FormData,
  t: (key: "invalidNumber" | "invalidExpiry" | "invalidCvc") => string,
): { card: CardInput } | { errors: CardErrors } {
  const number = String(form.get("card_number") ?? "").replace(/[\s-]/g, "");
  const expiry = parseExpiry(String(form.get("expiry") ?? ""));
  const cvc = String(form.get("cvc") ?? "").trim();
  const errors: CardErrors = {};
  if (!/^\d{12,19}$/.test(number)) errors.number = t("invalidNumber");
  if (!expiry) errors.expiry = t("invalidExpiry");
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = t("invalidCvc");
  if (Object.keys(errors).length > 0 || !expiry) return { errors };
  return { card: { card_number: number, ...expiry, cvc } };
}

/** Card number, expiry and CVC, as a payment page asks for them (autocomplete, numeric keyboards). */
export function CardFields({ errors }: { errors: CardErrors }) {
  const t = useTranslations("checkout");
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-3">
      <CardField
        id={id}
        field="number"
        label={t("number")}
        error={errors.number}
        className="col-span-2"
        name="card_number"
        autoComplete="cc-number"
        placeholder={t("numberPlaceholder")}
        maxLength={23}
      />
      <CardField
        id={id}
        field="expiry"
        label={t("expiry")}
        error={errors.expiry}
        name="expiry"
        autoComplete="cc-exp"
        placeholder={t("expiryPlaceholder")}
        maxLength={7}
      />
      <CardField
        id={id}
        field="cvc"
        label={t("cvc")}
        error={errors.cvc}
        name="cvc"
        autoComplete="cc-csc"
        placeholder={t("cvcPlaceholder")}
        maxLength={4}
      />
    </div>
  );
}

/** One labelled numeric field with its error read out with it. */
function CardField({
  id,
  field,
  label,
  error,
  className,
  ...input
}: {
  id: string;
  field: keyof CardErrors;
  label: string;
  error: string | undefined;
  className?: string;
  name: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
}) {
  const errorId = `${id}-${field}-error`;
  return (
    <div className={`min-w-0 space-y-1.5 ${className ?? ""}`}>
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input
        id={`${id}-${field}`}
        inputMode="numeric"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The sandbox's test cards, shown where a card is asked for in test mode. */
export function TestCards() {
  const t = useTranslations("checkout");
  const cards = [
    ["4242 4242 4242 4242", t("cardOk")],
    ["4000 0000 0000 0002", t("cardDeclined")],
    ["4000 0000 0000 9995", t("cardNoFunds")],
    ["4000 0000 0000 0069", t("cardExpiredBank")],
    ["4000 0000 0000 0341", t("cardLater")],
  ] as const;
  return (
    <div className="rounded-lg border border-dashed border-amber-500/60 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
      <p className="font-medium">{t("testCards")}</p>
      <ul className="mt-1 space-y-0.5">
        {cards.map(([number, outcome]) => (
          <li key={number}>
            <code className="font-mono">{number}</code> {outcome}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-muted-foreground">{t("cardPast")}</p>
    </div>
  );
}
