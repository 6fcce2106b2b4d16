"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { CircleExclamationPointIcon as CircleAlertIcon } from "@/components/icons/lite/circle-exclamation-point";
import { useFailureToast } from "@/components/shell/failure-toast";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { toast } from "@/components/shell/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog, opensDialog } from "@/components/ui/lazy-confirm-dialog";
import { formatAmount, formatDay, type Subscription } from "@/lib/client/billing";
import {
  useCancelSubscription,
  useReloadBilling,
  useResumeSubscription,
  useSubscription,
  useUndoScheduledChange,
} from "@/lib/client/queries/billing";
import { Link } from "@/lib/i18n/navigation";
import type { UsageMeterView } from "@/lib/shared/pricing";

/** The plan the owner has, what it costs, when it renews, its notices and the usage against its limits. */
export function OverviewTab({
  meters,
  onFixPayment,
}: {
  meters: UsageMeterView[];
  onFixPayment: () => void;
}) {
  const t = useTranslations("billing");
  const { data, isPending, isError, refetch } = useSubscription();
  if (isPending) return <Loading label={t("loading")} />;
  if (isError)
    return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void refetch()} />;
  return (
    <div className="space-y-6" data-testid="billing-overview">
      {data?.notice && (
        <NoticeBanner
          notice={data.notice}
          onFixPayment={onFixPayment}
          transfer={data.pay_by_transfer ?? null}
        />
      )}
      {!data?.notice && data?.pay_by_transfer && <TransferDue number={data.pay_by_transfer} />}
      <PlanSummary subscription={data} />
      <Meters meters={meters} />
    </div>
  );
}

function PlanSummary({ subscription }: { subscription: Subscription | null | undefined }) {
  const t = useTranslations("billing.overview");
  const tp = useTranslations("pricing");
  const locale = useLocale();
  const sub = subscription;
  const paid = sub && sub.plan.id !== "free" && sub.status !== "expired" && sub.status !== "canceled";
  const money = (amount: number | null | undefined) =>
    amount != null && sub?.currency ? formatAmount(amount, sub.currency, locale) : "";
  const status = sub?.status ?? "none";
  const statusText = t.has(`statuses.${status}`) ? t(`statuses.${status}`) : status;
  return (
    <section
      className="space-y-4 rounded-xl border bg-card p-5"
      data-testid="plan-summary"
      data-status={status}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-muted-foreground">{t("plan")}</p>
          <p className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            <span data-testid="plan-name">{paid ? sub.plan.name : (sub?.plan.name ?? tp("free"))}</span>
            <Badge variant={status === "active" ? "default" : "secondary"} data-testid="plan-status">
              {statusText}
            </Badge>
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/pricing">{paid ? t("changePlan") : t("upgrade")}</Link>
        </Button>
      </div>
      {paid ? (
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t("cycle")}</dt>
            <dd className="font-medium">{sub.cycle === "yearly" ? tp("yearly") : tp("monthly")}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("price")}</dt>
            <dd className="font-medium">{money(sub.amount)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("renewal")}</dt>
            <dd className="font-medium" data-testid="renewal">
              {sub.renewal_date
                ? t("renewalValue", {
                    date: formatDay(sub.renewal_date, locale),
                    amount: money(sub.renewal_amount),
                  })
                : t("endsOn", { date: formatDay(sub.current_period_end, locale) })}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">{t("noRenewal")}</p>
      )}
      {paid && sub.pending_cycle && sub.cycle && sub.pending_cycle !== sub.cycle && (
        <ScheduledCycle subscription={sub} />
      )}
      {paid && status === "active" && <CancelOrResume subscription={sub} />}
    </section>
  );
}

/** A switch of billing cycle waiting for the period's end (yearly → monthly), and the way to undo it. */
function ScheduledCycle({ subscription }: { subscription: Subscription }) {
  const t = useTranslations("billing.overview");
  const fail = useFailureToast();
  const locale = useLocale();
  const undo = useUndoScheduledChange();
  const date = formatDay(subscription.current_period_end, locale);
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3 text-sm"
      data-testid="scheduled-cycle"
      data-cycle={subscription.pending_cycle}
    >
      <span>
        {subscription.pending_cycle === "monthly"
          ? t("changesToMonthly", { date })
          : t("changesToYearly", { date })}
      </span>
      <Button
        variant="outline"
        size="sm"
        className="touch:min-h-11"
        disabled={undo.isPending}
        aria-busy={undo.isPending}
        onClick={() =>
          undo.mutate(
            { plan: subscription.plan.id, cycle: subscription.cycle! },
            {
              onSuccess: () => toast.success(t("changeUndone")),
              onError: fail,
            },
          )
        }
      >
        {t("undoChange")}
      </Button>
    </div>
  );
}

function CancelOrResume({ subscription }: { subscription: Subscription }) {
  const t = useTranslations("billing.overview");
  const locale = useLocale();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const date = formatDay(subscription.current_period_end, locale);
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const fail = useFailureToast();
  if (subscription.cancel_at_period_end) {
    return (
      <Button
        variant="secondary"
        disabled={resume.isPending}
        onClick={() =>
          resume.mutate(undefined, { onSuccess: () => toast.success(t("resumed")), onError: fail })
        }
      >
        {t("resume")}
      </Button>
    );
  }
  return (
    <>
      <Button
        ref={opener}
        variant="ghost"
        className="text-destructive"
        onClick={() => setAsking(true)}
        {...opensDialog(asking)}
      >
        {t("cancel")}
      </Button>
      <LazyConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        returnFocus={opener}
        title={t("cancelTitle")}
        body={t("cancelBody", { date })}
        cancel={t("keep")}
        confirm={t("cancelConfirm")}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => toast.success(t("canceled", { date })),
            onError: fail,
          })
        }
      />
    </>
  );
}

/** The next period is ready to pay by bank transfer (payOS): the way to its QR page, before it is due. */
function TransferDue({ number }: { number: string }) {
  const t = useTranslations("billing.notices");
  return (
    <div
      role="status"
      data-testid="billing-transfer-due"
      className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <p className="min-w-0 flex-1 text-sm">{t("transferDue", { number })}</p>
      <Button asChild size="sm">
        <Link href={`/billing/invoices/${encodeURIComponent(number)}/pay`}>{t("transferAction")}</Link>
      </Button>
    </div>
  );
}

function NoticeBanner({
  notice,
  onFixPayment,
  transfer,
}: {
  notice: NonNullable<Subscription["notice"]>;
  onFixPayment: () => void;
  /** the unpaid renewal is paid by bank transfer: its invoice's number */
  transfer: string | null;
}) {
  const t = useTranslations("billing.notices");
  const locale = useLocale();
  const reload = useReloadBilling();
  const text =
    notice.kind === "expired"
      ? t("expired", { date: formatDay(notice.date, locale) })
      : notice.kind === "pending"
        ? t("pending")
        : transfer
          ? t("transferOverdue", { number: transfer })
          : t("payment_failed");
  return (
    <div
      role="alert"
      data-testid="billing-notice"
      data-kind={notice.kind}
      className="flex flex-col gap-3 rounded-xl border border-amber-500/50 bg-amber-50 p-4 sm:flex-row sm:items-center dark:bg-amber-950/30"
    >
      <CircleAlertIcon aria-hidden className="size-5 shrink-0 text-amber-600" />
      <p className="min-w-0 flex-1 text-sm">{text}</p>
      {notice.kind === "pending" && (
        <Button size="sm" variant="outline" onClick={() => void reload()}>
          {t("pendingAction")}
        </Button>
      )}
      {notice.kind === "expired" && (
        <Button asChild size="sm">
          <Link href="/pricing">{t("expiredAction")}</Link>
        </Button>
      )}
      {notice.kind === "payment_failed" && transfer && (
        <Button asChild size="sm">
          <Link href={`/billing/invoices/${encodeURIComponent(transfer)}/pay`}>{t("transferAction")}</Link>
        </Button>
      )}
      {notice.kind === "payment_failed" && !transfer && (
        <Button size="sm" onClick={onFixPayment}>
          {t("paymentFailedAction")}
        </Button>
      )}
    </div>
  );
}

function Meters({ meters }: { meters: UsageMeterView[] }) {
  const t = useTranslations("billing.overview");
  const locale = useLocale();
  const n = new Intl.NumberFormat(locale === "vi" ? "vi-VN" : "en-US");
  return (
    <section className="space-y-4 rounded-xl border bg-card p-5">
      <h2 className="font-semibold">{t("usage")}</h2>
      <ul className="space-y-4">
        {meters.map((m) => {
          const percent = m.limit > 0 ? Math.min(100, Math.round((m.used / m.limit) * 100)) : 100;
          return (
            <li key={m.key} className="space-y-1.5" data-testid={`meter-${m.key}`}>
              <div className="flex flex-wrap justify-between gap-x-4 text-sm">
                <span>{t(m.key)}</span>
                <span className="text-muted-foreground">
                  {t("of", { used: n.format(m.used), limit: n.format(m.limit) })}
                </span>
              </div>
              <div aria-hidden className="h-2 overflow-hidden rounded-full bg-muted">
                <div
                  className={percent >= 90 ? "h-full bg-destructive" : "h-full bg-primary"}
                  style={{ width: `${percent}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
