import { getTranslations } from "next-intl/server";
import { KeyboardTest } from "@/components/chat/keyboard-test";
import { LiteMessagesFor } from "@/components/i18n/lite-messages";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";

export default async function KeyboardTestPage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("keyboard");
  return (
    <PublicFrame appName={config().APP_NAME} wide>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {/* The composer under test reads the public chat's lite strings. */}
      <LiteMessagesFor locale={locale} namespaces={["chatUi"]}>
        <KeyboardTest />
      </LiteMessagesFor>
    </PublicFrame>
  );
}
