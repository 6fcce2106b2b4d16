import { getTranslations } from "next-intl/server";
import { KeyboardTest } from "@/components/chat/keyboard-test";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";

export default async function KeyboardTestPage({ params }: { params: Promise<{ locale: string }> }) {
  await pageLocale(params);
  const t = await getTranslations("keyboard");
  return (
    <PublicFrame appName={config().APP_NAME} wide>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <KeyboardTest />
    </PublicFrame>
  );
}
