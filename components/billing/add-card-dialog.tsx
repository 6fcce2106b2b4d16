"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useAddPaymentMethod } from "@/lib/client/queries/billing";
import { type CardErrors, CardFields, readCard, TestCards } from "./card-fields";
import { detailOf } from "./error-detail";

/** The sandbox's test-card form (a real provider takes the card on its own page). */
export function AddCardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("billing.methods");
  const tc = useTranslations("checkout");
  const add = useAddPaymentMethod();
  const [errors, setErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const read = readCard(new FormData(e.currentTarget), tc);
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    add.mutate(read.card, {
      onSuccess: () => {
        toast.success(t("added"));
        onOpenChange(false);
      },
      onError: (err) => setError(detailOf(err, tc("failed"))),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tc("close")}>
        <DialogHeader>
          <DialogTitle>{t("addTitle")}</DialogTitle>
        </DialogHeader>
        <form noValidate className="space-y-4" onSubmit={submit} data-testid="add-card-form">
          <p className="text-sm font-medium text-amber-700 dark:text-amber-300">{tc("testMode")}</p>
          <CardFields errors={errors} />
          <TestCards />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {t("save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
