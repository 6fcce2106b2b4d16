import { ReceiptIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { pageLocale } from "@/lib/i18n/page";

export default async function BillingPage({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("billing");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <EmptyState icon={ReceiptIcon} title={t("noInvoices")} />
    </div>
  );
}
