import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { FilesManager } from "@/components/training/files-manager";
import { pageLocale } from "@/lib/i18n/page";

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("setup");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("filesTitle")} subtitle={t("filesSubtitle")} />
      <FilesManager />
    </div>
  );
}
