import { getTranslations } from "next-intl/server";
import { OrderSummary } from "@/components/billing/order-summary";
import { TransferDetails } from "@/components/billing/transfer-details";
import { TransferWatch } from "@/components/billing/transfer-watch";
import { Button } from "@/components/ui/button";
import { renewalTransferView } from "@/lib/billing-views/checkout";
import { Link } from "@/lib/i18n/navigation";
import { pageLocale } from "@/lib/i18n/page";
import { redirect } from "@/lib/i18n/redirect";
import { liveBilling } from "@/lib/server/billing";
import { pageSession } from "@/lib/server/page-session";

/**
 * A renewal invoice paid by bank transfer (payOS): the page the renewal e-mail links to, with the QR and the
 * account, watched until the money arrives. The owner's own invoice only.
 */
export default async function PayInvoicePage({
  params,
}: {
  params: Promise<{ locale: string; number: string }>;
}) {
  const locale = await pageLocale(params);
  const { number } = await params;
  const t = await getTranslations("checkout");
  const session = await pageSession();
  const here = `/billing/invoices/${encodeURIComponent(number)}/pay`;
  if (session.state !== "signed-in") {
    return redirect({ href: `/?${new URLSearchParams({ next: here })}`, locale });
  }
  const view =
    number.length <= 40
      ? await renewalTransferView(await liveBilling(), session.account.id, number, locale)
      : null;
  return (
    <main id="content" className="mx-auto w-full max-w-lg space-y-6 px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-semibold tracking-tight">{t("renewalTitle", { number })}</h1>
      {!view ? (
        <Nothing text={t("notFound")} action={t("toBilling")} />
      ) : (
        <>
          <OrderSummary
            rows={[
              { label: t("plan"), value: view.planName },
              { label: t("amount"), value: view.amount, amount: true },
            ]}
          />
          {view.status === "paid" ? (
            <TransferWatch
              watched={{ kind: "invoice", id: view.id }}
              planName={view.planName}
              amountDue={null}
              paid
            />
          ) : view.transfer && view.status !== "void" ? (
            <>
              <TransferDetails transfer={view.transfer} />
              <TransferWatch
                watched={{ kind: "invoice", id: view.id }}
                planName={view.planName}
                amountDue={view.amountDue}
              />
            </>
          ) : (
            <Nothing text={t("renewalNothing")} action={t("toBilling")} />
          )}
        </>
      )}
    </main>
  );
}

function Nothing({ text, action }: { text: string; action: string }) {
  return (
    <div className="space-y-4 rounded-xl border p-4">
      <p>{text}</p>
      <Button asChild>
        <Link href="/billing?tab=invoices">{action}</Link>
      </Button>
    </div>
  );
}
