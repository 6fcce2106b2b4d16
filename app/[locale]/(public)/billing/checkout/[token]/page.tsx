import { FlaskConicalIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { CheckoutForm } from "@/components/billing/checkout-form";
import { Button } from "@/components/ui/button";
import { pageSession } from "@/lib/auth/page-session";
import { checkoutView } from "@/lib/billing-views/checkout";
import { Link, redirect } from "@/lib/i18n/navigation";
import { pageLocale } from "@/lib/i18n/page";

/**
 * The built-in sandbox's checkout page (BILL-3): what a real provider's hosted page would be, clearly in
 * test mode. Only the owner of the token sees it.
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
  const view = token.length <= 100 ? await checkoutView(session.account.id, token, locale) : null;
  const method = (await searchParams).method === "bank_transfer" ? "bank_transfer" : "card";
  return (
    <main id="content" className="mx-auto w-full max-w-lg space-y-6 px-4 py-8 sm:py-12">
      {(view?.sandbox ?? true) && (
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
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      {!view ? (
        <Closed text={t("notFound")} action={t("back")} href="/pricing" />
      ) : (
        <>
          <dl className="divide-y rounded-xl border bg-card text-sm" data-testid="checkout-summary">
            <div className="flex justify-between gap-4 p-3">
              <dt className="text-muted-foreground">{t("plan")}</dt>
              <dd className="font-medium">{view.planName}</dd>
            </div>
            <div className="flex justify-between gap-4 p-3">
              <dt className="text-muted-foreground">{t("cycle")}</dt>
              <dd>{view.cycle === "yearly" ? tp("yearly") : tp("monthly")}</dd>
            </div>
            <div className="flex justify-between gap-4 p-3">
              <dt className="text-muted-foreground">{t("amount")}</dt>
              <dd className="text-base font-semibold" data-testid="checkout-amount">
                {view.amount}
              </dd>
            </div>
          </dl>
          {view.status === "pending" ? (
            <CheckoutForm token={token} amount={view.amount} initialMethod={method} />
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
