"use client";

import NextLink from "next/link";
import { usePathname as useNextPathname, useRouter as useNextRouter, useParams } from "next/navigation";
import { type ComponentProps, useMemo } from "react";
import { localizedHref, unlocalizedPath } from "./paths";
import { defaultLocale, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "./routing";

export { localizedHref, unlocalizedPath };

/**
 * Links and the router in the page's language, as next-intl's createNavigation gives them with this site's
 * routing (every path prefixed with its locale, lib/i18n/routing.ts), on next/link and next/navigation
 * alone: next-intl's navigation layer (~2.7 KB gzipped) stays out of every page's first download (issue 18:
 * page weight). Server components redirect with ./redirect.ts.
 */
function useLocaleOfPage(): Locale {
  const locale = useParams<{ locale?: string }>()?.locale;
  return isLocale(locale) ? locale : defaultLocale;
}

export function Link({ href, ...props }: Omit<ComponentProps<typeof NextLink>, "href"> & { href: string }) {
  return <NextLink href={localizedHref(href, useLocaleOfPage())} {...props} />;
}

export function usePathname(): string {
  return unlocalizedPath(useNextPathname());
}

type NavigateOptions = Parameters<ReturnType<typeof useNextRouter>["push"]>[1] & { locale?: Locale };

/**
 * `{ locale }` opens the page in another language and, as next-intl does, first writes the language
 * cookie (the router's cache may skip the request that would have set it).
 */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocaleOfPage();
  return useMemo(() => {
    const go =
      (method: "push" | "replace") =>
      (href: string, { locale = current, ...options }: NavigateOptions = {}) => {
        if (locale !== current) {
          // biome-ignore lint/suspicious/noDocumentCookie: what next-intl does; the Cookie Store API is not in every browser
          document.cookie = `${LOCALE_COOKIE}=${locale};max-age=${LOCALE_COOKIE_MAX_AGE};sameSite=lax;path=/;`;
        }
        router[method](localizedHref(href, locale), options);
      };
    return {
      ...router,
      push: go("push"),
      replace: go("replace"),
      prefetch: (href: string) => router.prefetch(localizedHref(href, current)),
    };
  }, [router, current]);
}
