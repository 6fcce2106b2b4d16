"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useId, useState } from "react";
import { Loading } from "@/components/shell/load-state";
import { useReloadBilling } from "@/lib/client/queries/billing-keys";
import { type BillingTab, billingTabs, type UsageMeterView } from "@/lib/shared/pricing";

// Each tab's code (and the billing operations it calls) loads apart from the page's first download (issue
// 18: page weight): the server renders the tab the address asks for, the overview by default, and React
// hydrates it when its code arrives, right after the page's own; pointing at or focusing the tabs fetches
// the others. The return from a payment (?payment_token) likewise.
const OverviewTab = lazy(() => import("./overview-tab").then((m) => ({ default: m.OverviewTab })));
const loadMethods = () => import("./methods-tab");
const loadInvoices = () => import("./invoices-tab");
const MethodsTab = lazy(() => loadMethods().then((m) => ({ default: m.MethodsTab })));
const InvoicesTab = lazy(() => loadInvoices().then((m) => ({ default: m.InvoicesTab })));
const PaymentCheck = lazy(() => import("./payment-check").then((m) => ({ default: m.PaymentCheck })));
const preloadTabs = () => {
  loadMethods().catch(() => {});
  loadInvoices().catch(() => {});
};

/**
 * The billing page (BILL-5): overview, payment methods and invoices, the tab kept in the address (?tab=)
 * so a refresh or a shared link opens the same one. The tabs are Radix's markup and keyboard (← → Home End
 * move and show, one Tab stop) without its code in the page's first load (issue 18).
 */
export function BillingView({
  initialTab,
  meters,
  planNames,
  paymentToken,
}: {
  initialTab: BillingTab;
  meters: UsageMeterView[];
  planNames: Record<string, string>;
  paymentToken?: string;
}) {
  const t = useTranslations("billing");
  const [tab, setTab] = useState<BillingTab>(initialTab);
  const id = useId();
  const reload = useReloadBilling();

  const select = (value: BillingTab) => {
    setTab(value);
    const url = new URL(window.location.href);
    if (value === "overview") url.searchParams.delete("tab");
    else url.searchParams.set("tab", value);
    window.history.replaceState(null, "", url.toString());
  };

  return (
    <>
      {paymentToken && (
        <Suspense fallback={null}>
          <PaymentCheck token={paymentToken} planNames={planNames} onSettled={reload} />
        </Suspense>
      )}
      <div className="space-y-6">
        <div
          role="tablist"
          aria-label={t("title")}
          aria-orientation="horizontal"
          onPointerEnter={preloadTabs}
          onTouchStart={preloadTabs}
          onFocus={preloadTabs}
          className="flex w-full gap-1 overflow-x-auto rounded-lg border bg-muted p-1 sm:w-fit"
        >
          {billingTabs.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`${id}-trigger-${key}`}
              aria-controls={`${id}-content-${key}`}
              aria-selected={tab === key}
              data-state={tab === key ? "active" : "inactive"}
              tabIndex={tab === key ? 0 : -1}
              onMouseDown={(e) => {
                // As Radix's tabs: a primary press selects; others (a context menu) do not take focus.
                if (e.button === 0 && !e.ctrlKey) select(key);
                else e.preventDefault();
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") return select(key);
                const at = billingTabs.indexOf(key);
                const to =
                  e.key === "ArrowRight"
                    ? (at + 1) % billingTabs.length
                    : e.key === "ArrowLeft"
                      ? (at - 1 + billingTabs.length) % billingTabs.length
                      : e.key === "Home" || e.key === "PageUp"
                        ? 0
                        : e.key === "End" || e.key === "PageDown"
                          ? billingTabs.length - 1
                          : null;
                if (to === null || e.altKey || e.ctrlKey || e.metaKey) return;
                e.preventDefault();
                // Automatic activation: moving to a tab shows it.
                document.getElementById(`${id}-trigger-${billingTabs[to]}`)?.focus();
                select(billingTabs[to]!);
              }}
              onFocus={() => tab !== key && select(key)}
              className="min-w-0 flex-1 rounded-md px-2 py-1.5 leading-tight sm:whitespace-nowrap sm:px-3 text-sm font-medium text-muted-foreground outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm touch:min-h-11 sm:flex-none"
            >
              {t(`tabs.${key}`)}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          data-state="active"
          id={`${id}-content-${tab}`}
          aria-labelledby={`${id}-trigger-${tab}`}
          // Focusable, as Radix's panel and WAI-ARIA's tabs pattern have it: Tab from the tabs reaches it.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
          className="outline-none"
        >
          <Suspense fallback={<Loading label={t("loading")} />}>
            {tab === "overview" && <OverviewTab meters={meters} onFixPayment={() => select("methods")} />}
            {tab === "methods" && <MethodsTab />}
            {tab === "invoices" && <InvoicesTab planNames={planNames} />}
          </Suspense>
        </div>
      </div>
    </>
  );
}
