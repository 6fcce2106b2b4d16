"use client";

import { useTranslations } from "next-intl";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { useReloadBilling } from "@/lib/client/queries/billing";
import { type BillingTab, billingTabs, type UsageMeterView } from "@/lib/shared/pricing";
import { InvoicesTab } from "./invoices-tab";
import { MethodsTab } from "./methods-tab";
import { OverviewTab } from "./overview-tab";
import { PaymentCheck } from "./payment-check";

/**
 * The billing page (BILL-5): overview, payment methods and invoices, the tab kept in the address (?tab=)
 * so a refresh or a shared link opens the same one.
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
  const reload = useReloadBilling();

  const select = (next: string) => {
    const value = next as BillingTab;
    setTab(value);
    const url = new URL(window.location.href);
    if (value === "overview") url.searchParams.delete("tab");
    else url.searchParams.set("tab", value);
    window.history.replaceState(null, "", url.toString());
  };

  return (
    <>
      {paymentToken && <PaymentCheck token={paymentToken} planNames={planNames} onSettled={reload} />}
      <Tabs.Root value={tab} onValueChange={select} className="space-y-6">
        <Tabs.List
          aria-label={t("title")}
          className="flex w-full gap-1 overflow-x-auto rounded-lg border bg-muted p-1 sm:w-fit"
        >
          {billingTabs.map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="min-w-0 flex-1 rounded-md px-2 py-1.5 leading-tight sm:whitespace-nowrap sm:px-3 text-sm font-medium text-muted-foreground outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm touch:min-h-11 sm:flex-none"
            >
              {t(`tabs.${key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="outline-none">
          <OverviewTab meters={meters} onFixPayment={() => select("methods")} />
        </Tabs.Content>
        <Tabs.Content value="methods" className="outline-none">
          <MethodsTab />
        </Tabs.Content>
        <Tabs.Content value="invoices" className="outline-none">
          <InvoicesTab planNames={planNames} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
