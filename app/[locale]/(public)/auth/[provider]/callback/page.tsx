import { getTranslations } from "next-intl/server";
import { OAuthCallback } from "@/components/auth/oauth-callback";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { isProviderId, providerLabel } from "@/lib/auth/providers";
import { config } from "@/lib/config";
import { pageValidationFailed } from "@/lib/http/page-errors";
import { pageLocale } from "@/lib/i18n/page";

/** Where a provider sends the browser back after sign-in (AUTH-1); skips the route guard by design. */
export default async function OAuthCallbackPage({
  params,
}: {
  params: Promise<{ locale: string; provider: string }>;
}) {
  const locale = await pageLocale(params);
  const { provider } = await params;
  if (!isProviderId(provider)) pageValidationFailed();
  const t = await getTranslations("oauth");
  const name = providerLabel(provider);
  return (
    <PublicFrame appName={config().APP_NAME}>
      <PageHeader title={t("title", { provider: name })} />
      <OAuthCallback provider={provider} providerName={name} locale={locale} />
    </PublicFrame>
  );
}
