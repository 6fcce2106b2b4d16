"use client";

import { useLocale, useTranslations } from "next-intl";
import { ReceiptIcon } from "@/components/icons/lite/receipt";
import { EmptyState } from "@/components/shell/empty-state";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatAmount, formatDay, type Invoice } from "@/lib/client/billing";
import { useInvoices } from "@/lib/client/queries/billing";
import { Link } from "@/lib/i18n/navigation";

/** The owner's invoices, newest first, each with a printable page. */
export function InvoicesTab({ planNames }: { planNames: Record<string, string> }) {
  const t = useTranslations("billing");
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInvoices();
  if (isPending) return <Loading label={t("loading")} />;
  if (isError)
    return <LoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void refetch()} />;
  const invoices = data.pages.flat();
  if (invoices.length === 0) {
    return (
      <div data-testid="invoices-empty">
        <EmptyState icon={ReceiptIcon} title={t("noInvoices")} />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3" data-testid="invoices">
        {invoices.map((invoice) => (
          <InvoiceRow
            key={invoice.number}
            invoice={invoice}
            planName={planNames[invoice.plan] ?? invoice.plan}
          />
        ))}
      </ul>
      {hasNextPage && (
        <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {t("invoices.loadMore")}
        </Button>
      )}
    </div>
  );
}

function InvoiceRow({ invoice, planName }: { invoice: Invoice; planName: string }) {
  const t = useTranslations("billing.invoices");
  const locale = useLocale();
  const status = t.has(`statuses.${invoice.status}`) ? t(`statuses.${invoice.status}`) : invoice.status;
  const type = t.has(`types.${invoice.type}`) ? t(`types.${invoice.type}`) : invoice.type;
  const cell = (label: string, value: string, testId?: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <li
      data-testid="invoice"
      data-status={invoice.status}
      className="space-y-3 rounded-xl border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="font-mono" data-testid="invoice-number">
            {invoice.number}
          </span>
          <Badge variant={invoice.status === "paid" ? "default" : "secondary"}>{status}</Badge>
        </p>
        <p className="text-base font-semibold" data-testid="invoice-total">
          {formatAmount(invoice.total, invoice.currency, locale)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cell(t("dueDate"), formatDay(invoice.due_date, locale))}
        {cell(t("method"), invoice.payment_method ?? "—")}
        {cell(t("plan"), planName)}
        {cell(t("type"), type)}
      </dl>
      <InvoiceLines invoice={invoice} label={t("description")} />
      <Button asChild variant="outline" size="sm">
        <Link href={`/billing/invoices/${encodeURIComponent(invoice.number)}`}>{t("view")}</Link>
      </Button>
    </li>
  );
}

/**
 * What was billed, line by line in the reader's language: a plan changed during its period shows the new
 * plan and the credit for the unused part of the old one as lines of their own, each with its amount.
 */
function InvoiceLines({ invoice, label }: { invoice: Invoice; label: string }) {
  const locale = useLocale();
  const many = invoice.lines.length > 1;
  return (
    <div className="min-w-0">
      <p className="text-xs text-muted-foreground">{label}</p>
      <ul data-testid="invoice-lines" className="divide-y">
        {invoice.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines never move; their place is their identity
          <li key={i} data-testid="invoice-line" className="flex items-baseline justify-between gap-3 py-1">
            <span className="min-w-0 break-words">{line.description}</span>
            {many && (
              <span className="shrink-0 whitespace-nowrap tabular-nums" data-testid="invoice-line-amount">
                {formatAmount(line.amount, invoice.currency, locale)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
