import { redirect as nextRedirect } from "next/navigation";
import { localizedHref } from "./paths";
import type { Locale } from "./routing";

/**
 * A server component's redirect to a page in a language, as next-intl's `redirect` with this site's
 * routing. Not next-intl's: importing its navigation in a layout or page puts its client Link into that
 * route's download, used or not (issue 18: page weight).
 */
export function redirect({ href, locale }: { href: string; locale: Locale }): never {
  nextRedirect(localizedHref(href, locale));
}
