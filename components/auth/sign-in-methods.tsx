"use client";

import { useTranslations } from "next-intl";
import type { CodeDelivery } from "./code-delivery";
import { EmailCodeForm } from "./email-code-form";
import { ProviderLinks, type SignInProvider } from "./provider-links";

/**
 * The sign-in page's methods (AUTH-1, AUTH-2): one button per enabled provider, then the e-mail code form,
 * which is always there (without SMTP the code is printed in the server console, and the form says so).
 */
export function SignInMethods({
  providers,
  codeDelivery,
  referralCode,
  next,
}: {
  providers: SignInProvider[];
  codeDelivery: CodeDelivery;
  referralCode?: string;
  /** where to go once signed in (a path of this site without the locale); setup by default */
  next?: string;
}) {
  const t = useTranslations("signIn");
  return (
    <div className="space-y-5" data-testid="sign-in-methods">
      {providers.length > 0 && (
        <ProviderLinks providers={providers} referralCode={referralCode} next={next} />
      )}
      {providers.length > 0 && (
        <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
          <span className="h-px flex-1 bg-border" />
          {t("or")}
          <span className="h-px flex-1 bg-border" />
        </div>
      )}
      <EmailCodeForm referralCode={referralCode} delivery={codeDelivery} next={next} />
    </div>
  );
}
