import { MessagesSquareIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { pageLocale } from "@/lib/i18n/page";

export default async function ChatListPage({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("publicChat");
  return (
    <PublicFrame>
      <PageHeader title={t("listTitle")} subtitle={t("listSubtitle")} />
      <EmptyState icon={MessagesSquareIcon} title={t("listEmpty")} />
    </PublicFrame>
  );
}
