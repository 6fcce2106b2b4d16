import { getTranslations } from "next-intl/server";
import { PrintButton } from "@/components/billing/print-button";
import { Button } from "@/components/ui/button";
import { printableInvoice } from "@/lib/billing-views/billing";
import { config } from "@/lib/config";
import { Link } from "@/lib/i18n/navigation";
import { pageLocale } from "@/lib/i18n/page";
import { redirect } from "@/lib/i18n/redirect";
import { pageBillingAccount } from "@/lib/server/page-agent";
import { pageSession } from "@/lib/server/page-session";
import { db } from "@/lib/server/runtime";

/** One invoice as a page to print or save as PDF (the browser's print dialog); the owner's own only. */
export default async function InvoicePage({
  params,
}: {
  params: Promise<{ locale: string; number: string }>;
}) {
  const locale = await pageLocale(params);
  const { number } = await params;
  const t = await getTranslations("billing.invoices");
  const tp = await getTranslations("pricing");
  const session = await pageSession();
  const here = `/billing/invoices/${encodeURIComponent(number)}`;
  if (session.state !== "signed-in")
    return redirect({ href: `/?${new URLSearchParams({ next: here })}`, locale });
  const account = await pageBillingAccount(session.account.id);
  const invoice =
    account && number.length <= 40 ? await printableInvoice(await db(), account, number, locale) : null;
  const day = new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : "en-GB", {
    dateStyle: "long",
    timeZone: "UTC",
  });
  const status =
    invoice && t.has(`statuses.${invoice.status}`) ? t(`statuses.${invoice.status}`) : invoice?.status;
  return (
    <main id="content" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8 print:max-w-none print:p-0">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button asChild variant="outline">
          <Link href="/billing?tab=invoices">{t("back")}</Link>
        </Button>
        {invoice && <PrintButton label={t("print")} />}
      </div>
      {!invoice ? (
        <p>{t("notFound")}</p>
      ) : (
        <article
          className="space-y-6 rounded-xl border bg-card p-6 print:border-0"
          data-testid="printable-invoice"
        >
          <header className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <p className="text-sm text-muted-foreground">{t("issuer")}</p>
              <p className="font-semibold">{config().APP_NAME}</p>
            </div>
            <div className="text-right">
              <h1 className="text-xl font-semibold">{t("title", { number: invoice.number })}</h1>
              <p className="text-sm">{status}</p>
            </div>
          </header>
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-muted-foreground">{t("billedTo")}</dt>
              <dd className="break-words">{session.account.email}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("dueDate")}</dt>
              <dd>{day.format(invoice.dueDate)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("period")}</dt>
              <dd>
                {day.format(invoice.periodStart)} – {day.format(invoice.periodEnd)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("method")}</dt>
              <dd>{invoice.paymentMethod ?? "—"}</dd>
            </div>
          </dl>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th className="py-2 font-normal">{t("description")}</th>
                <th className="py-2 text-right font-normal">{t("total")}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line, i) => (
                // Lines never move: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once on the server
                <tr key={i} className="border-b" data-testid="invoice-line">
                  <td className="py-2 pr-4">
                    {line.description}
                    {i === 0 && (
                      <span className="block text-muted-foreground">
                        {invoice.plan} · {invoice.cycle === "yearly" ? tp("yearly") : tp("monthly")}
                      </span>
                    )}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap">{line.amount}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th className="pt-3 text-left">{t("total")}</th>
                <td className="pt-3 text-right font-semibold whitespace-nowrap" data-testid="printable-total">
                  {invoice.total}
                </td>
              </tr>
            </tfoot>
          </table>
        </article>
      )}
    </main>
  );
}
