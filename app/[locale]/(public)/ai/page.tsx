import { CheckCircle2Icon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";

const items = ["answer", "language", "honest", "sources"] as const;

export default async function AiPage({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("ai");
  return (
    <PublicFrame>
      <PageHeader title={t("title", { appName: config().APP_NAME })} subtitle={t("subtitle")} />
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 rounded-xl border bg-card p-4">
            <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span>{t(`items.${item}`)}</span>
          </li>
        ))}
      </ul>
    </PublicFrame>
  );
}
