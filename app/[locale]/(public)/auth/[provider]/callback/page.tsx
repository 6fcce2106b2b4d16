import { KeyRoundIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { Button } from "@/components/ui/button";
import { isProviderId, providerLabels } from "@/lib/auth/providers";
import { pageValidationFailed } from "@/lib/http/page-errors";
import { Link } from "@/lib/i18n/navigation";
import { pageLocale } from "@/lib/i18n/page";

export default async function AuthCallbackPage({
  params,
}: {
  params: Promise<{ locale: string; provider: string }>;
}) {
  await pageLocale(params);
  const { provider } = await params;
  if (!isProviderId(provider)) pageValidationFailed();
  const t = await getTranslations("auth");
  const name = providerLabels[provider];
  return (
    <PublicFrame>
      <PageHeader title={t("callbackTitle", { provider: name })} />
      <EmptyState icon={KeyRoundIcon} title={t("callbackUnavailable", { provider: name })}>
        <Button asChild variant="outline">
          <Link href="/">{t("backHome")}</Link>
        </Button>
      </EmptyState>
    </PublicFrame>
  );
}
