"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { CreditCardIcon } from "@/components/icons/lite/credit-card";
import { PlusIcon } from "@/components/icons/lite/plus";
import { EmptyState } from "@/components/shell/empty-state";
import { useFailureToast } from "@/components/shell/failure-toast";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { toast } from "@/components/shell/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog, opensDialog } from "@/components/ui/lazy-confirm-dialog";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { billingApi, type PaymentMethod } from "@/lib/client/billing";
import {
  useCardEntry,
  useDeletePaymentMethod,
  usePaymentMethods,
  useSetDefaultPaymentMethod,
} from "@/lib/client/queries/billing";
import { detailOf } from "./error-detail";

// The sandbox's card form, loaded on first opening (issue 18: Radix's dialog out of the first load).
const AddCardDialog = whenFirstOpen(() => import("./add-card-dialog").then((m) => m.AddCardDialog));

/** The owner's saved cards: add one, choose the default, delete one after confirming. */
export function MethodsTab() {
  const t = useTranslations("billing");
  const { data, isPending, isError, refetch } = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const entry = useCardEntry();
  const [leaving, setLeaving] = useState(false);
  // A real provider takes the card on its own page; the sandbox's test cards go in our form.
  const add = async () => {
    if (entry.data !== "hosted") {
      setAdding(true);
      return;
    }
    setLeaving(true);
    try {
      window.location.assign(await billingApi.startCardSetup());
    } catch (err) {
      toast.error(detailOf(err, t("methods.addFailed")));
      setLeaving(false);
    }
  };
  if (isPending) return <Loading label={t("loading")} />;
  if (isError)
    return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void refetch()} />;
  return (
    <div className="space-y-4" data-testid="payment-methods">
      {entry.data === "unavailable" ? (
        <p className="text-sm text-muted-foreground" data-testid="payments-not-set-up">
          {t("methods.notSetUp")}
        </p>
      ) : entry.data === "none" ? (
        <p className="text-sm text-muted-foreground" data-testid="transfer-only">
          {t("methods.transferOnly")}
        </p>
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => void add()} disabled={entry.isPending || leaving} aria-busy={leaving}>
            <PlusIcon aria-hidden />
            {t("methods.add")}
          </Button>
        </div>
      )}
      {data.length === 0 ? (
        <EmptyState icon={CreditCardIcon} title={t("methods.empty")} />
      ) : (
        <ul className="space-y-3">
          {data.map((m) => (
            <MethodRow key={m.id} method={m} />
          ))}
        </ul>
      )}
      <AddCardDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}

function MethodRow({ method }: { method: PaymentMethod }) {
  const t = useTranslations("billing.methods");
  const failed = useFailureToast();
  const makeDefault = useSetDefaultPaymentMethod();
  const remove = useDeletePaymentMethod();
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const brand = method.brand.charAt(0).toUpperCase() + method.brand.slice(1);
  const label = method.is_other ? t("other") : t("card", { brand, last4: method.last4 });
  return (
    <li
      data-testid="payment-method"
      data-last4={method.last4}
      data-default={method.is_default || undefined}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center"
    >
      <CreditCardIcon aria-hidden className="hidden size-6 shrink-0 text-muted-foreground sm:block" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {label}
          {method.is_default && <Badge data-testid="default-badge">{t("default")}</Badge>}
          <Badge variant={method.state === "active" ? "secondary" : "outline"}>
            {method.state === "active" ? t("active") : t("expired")}
          </Badge>
        </p>
        {!method.is_other && (
          <p className="text-sm text-muted-foreground">
            {t("expires", {
              month: String(method.exp_month).padStart(2, "0"),
              year: String(method.exp_year),
            })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {!method.is_default && (
          <Button
            variant="outline"
            size="sm"
            disabled={makeDefault.isPending}
            onClick={() =>
              makeDefault.mutate(method.id, {
                onSuccess: () => toast.success(t("madeDefault")),
                onError: failed,
              })
            }
          >
            {t("makeDefault")}
          </Button>
        )}
        <Button
          ref={opener}
          variant="ghost"
          size="sm"
          className="text-destructive"
          onClick={() => setAsking(true)}
          {...opensDialog(asking)}
        >
          {t("delete")}
        </Button>
        <LazyConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          returnFocus={opener}
          title={t("deleteTitle")}
          body={t("deleteBody", { last4: method.last4 })}
          cancel={t("cancel")}
          confirm={t("delete")}
          confirmClassName="bg-destructive text-white hover:bg-destructive/90"
          onConfirm={() =>
            remove.mutate(method.id, {
              onSuccess: () => toast.success(t("deleted")),
              onError: failed,
            })
          }
        />
      </div>
    </li>
  );
}
