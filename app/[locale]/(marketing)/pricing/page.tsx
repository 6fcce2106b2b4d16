import { TagIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { pageLocale } from "@/lib/i18n/page";

export default async function PricingPage({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("pricing");
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <EmptyState icon={TagIcon} title={t("empty")}>
        <p className="text-sm text-muted-foreground">{t("plans")}</p>
      </EmptyState>
    </div>
  );
}
