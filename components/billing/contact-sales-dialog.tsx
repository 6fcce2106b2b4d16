"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiClientError } from "@/lib/client/api";
import { billingApi } from "@/lib/client/billing";

/** Enterprise (BILL-2): name, e-mail, company and message, stored and sent on to sales. */
export function ContactSalesDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email?: string;
}) {
  const t = useTranslations("pricing.contact");
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await billingApi.contactSales({
        name: value("name"),
        email: value("email"),
        company: value("company"),
        message: value("message"),
      });
      toast.success(t("sent"));
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiClientError && err.fields) setFieldErrors(err.fields);
      setError(err instanceof ApiClientError && err.detail ? err.detail : t("failed"));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: "name" | "email" | "company", type = "text", defaultValue?: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${name}`}>{t(name)}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        type={type}
        required
        maxLength={200}
        defaultValue={defaultValue}
        aria-invalid={fieldErrors[name] ? true : undefined}
        autoComplete={name === "company" ? "organization" : name}
      />
      {fieldErrors[name] && <p className="text-sm text-destructive">{fieldErrors[name]}</p>}
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("close")}>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit} data-testid="contact-sales-form">
          {field("name")}
          {field("email", "email", email)}
          {field("company")}
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-message`}>{t("message")}</Label>
            <Textarea id={`${id}-message`} name="message" required maxLength={5000} rows={4} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={busy}>
            {t("send")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
