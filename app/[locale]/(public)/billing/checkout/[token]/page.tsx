import { getTranslations } from "next-intl/server";
import { CheckoutForm } from "@/components/billing/checkout-form";
import { OrderSummary } from "@/components/billing/order-summary";
import { TransferDetails } from "@/components/billing/transfer-details";
import { TransferWatch } from "@/components/billing/transfer-watch";
import { ChevronLeftIcon } from "@/components/icons/lite/chevron-left";
import { FlaskConicalIcon } from "@/components/icons/lite/flask-conical";
import { Button } from "@/components/ui/button";
import { checkoutView } from "@/lib/billing-views/checkout";
import { Link } from "@/lib/i18n/navigation";
import { pageLocale } from "@/lib/i18n/page";
import { redirect } from "@/lib/i18n/redirect";
import { liveBilling } from "@/lib/server/billing";
import { pageSession } from "@/lib/server/page-session";

/**
 * Our own checkout page (BILL-3): the built-in sandbox's card form, clearly in test mode, or a bank
 * transfer's QR and account (payOS), watched until the money arrives. Only the owner of the token sees it.
 */
export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string; token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const locale = await pageLocale(params);
  const { token } = await params;
  const t = await getTranslations("checkout");
  const tp = await getTranslations("pricing");
  const session = await pageSession();
  const here = `/billing/checkout/${encodeURIComponent(token)}`;
  if (session.state !== "signed-in") {
    return redirect({ href: `/?${new URLSearchParams({ next: here })}`, locale });
  }
  const view =
    token.length <= 100 ? await checkoutView(await liveBilling(), session.account.id, token, locale) : null;
  const method = (await searchParams).method === "bank_transfer" ? "bank_transfer" : "card";
  return (
    <main id="content" className="mx-auto w-full max-w-lg space-y-6 px-4 py-8 sm:py-12">
      {(!view || view.status === "pending" || view.status === "verifying") && (
        // A way out without paying, on a phone too (nothing is charged until "Pay").
        <Link
          href="/pricing"
          data-testid="checkout-back"
          className="-my-2 inline-flex min-h-11 items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ChevronLeftIcon aria-hidden className="size-4" />
          {t("cancel")}
        </Link>
      )}
      {(view?.sandbox ?? !view?.transfer) && (
        <div
          data-testid="test-mode"
          className="flex items-start gap-2 rounded-lg border border-amber-500/60 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <FlaskConicalIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            <strong className="font-semibold">{t("testMode")}</strong> · {t("testModeNote")}
          </p>
        </div>
      )}
      <h1 className="text-2xl font-semibold tracking-tight">
        {view?.transfer ? t("transferTitle") : t("title")}
      </h1>
      {!view ? (
        <Closed text={t("notFound")} action={t("back")} href="/pricing" />
      ) : (
        <>
          <OrderSummary
            rows={[
              { label: t("plan"), value: view.planName },
              { label: t("cycle"), value: view.cycle === "yearly" ? tp("yearly") : tp("monthly") },
              { label: t("amount"), value: view.amount, amount: true },
            ]}
          />
          {view.transfer && (view.status === "pending" || view.status === "verifying") ? (
            <>
              <TransferDetails transfer={view.transfer} />
              <TransferWatch
                watched={{ kind: "checkout", id: token }}
                planName={view.planName}
                amountDue={view.amountDue}
                cardInstead={
                  view.cardInstead && view.status === "pending"
                    ? { plan: view.plan, cycle: view.cycle, currency: view.currency }
                    : undefined
                }
              />
            </>
          ) : view.status === "succeeded" && view.transfer ? (
            <TransferWatch
              watched={{ kind: "checkout", id: token }}
              planName={view.planName}
              amountDue={null}
              paid
            />
          ) : view.status === "pending" && !view.transfer ? (
            <CheckoutForm
              token={token}
              amount={view.amount}
              order={{ plan: view.plan, cycle: view.cycle, currency: view.currency }}
              initialMethod={method}
              transferPanel={view.sandboxTransfer && <TransferDetails transfer={view.sandboxTransfer} />}
            />
          ) : (
            <Closed text={t("closed")} action={t("toBilling")} href="/billing" />
          )}
        </>
      )}
    </main>
  );
}

function Closed({ text, action, href }: { text: string; action: string; href: string }) {
  return (
    <div className="space-y-4 rounded-xl border p-4">
      <p>{text}</p>
      <Button asChild>
        <Link href={href}>{action}</Link>
      </Button>
    </div>
  );
}
