"use client";

import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { urlOf } from "@/lib/client/api";
import { rememberSignInNext } from "@/lib/client/sign-in-next";
import { contracts } from "@/lib/contracts/client";

export type SignInProvider = { id: string; label: string };

/**
 * One button per enabled provider. They are plain links: the server answers a followed link with a
 * redirect to the provider.
 */
export function ProviderLinks({
  providers,
  referralCode,
  next,
}: {
  providers: SignInProvider[];
  referralCode?: string;
  /** where to go once signed in (a path of this site without the locale) */
  next?: string;
}) {
  const t = useTranslations("signIn");
  const locale = useLocale();
  return (
    <ul className="space-y-2">
      {providers.map((p) => (
        <li key={p.id}>
          <Button asChild variant="outline" size="lg" className="w-full">
            <a
              href={providerStart(p.id, locale, referralCode)}
              data-provider={p.id}
              onClick={() => rememberSignInNext(next)}
            >
              {t("withProvider", { provider: p.label })}
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function providerStart(id: string, locale: string, referralCode?: string): string {
  return urlOf(contracts.startOAuth, {
    params: { provider: id },
    query: { locale, "referral-code": referralCode || undefined },
  });
}
