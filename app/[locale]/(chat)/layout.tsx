import type { ReactNode } from "react";
import { LiteMessagesFor } from "@/components/i18n/lite-messages";
import { BlankLayout } from "@/components/shell/layouts";
import { pageLocale } from "@/lib/i18n/page";

/**
 * The public chat pages (/{lang}/c…), what every visitor of every agent opens, mostly on a phone. Unlike the
 * site's other pages they load no next-intl client, toaster, account or version watcher: server-rendered
 * pages with one small client island for the chat, reading only the strings below (issue 18: ≤ 140 KB of
 * gzipped script, tests/api/page-weight.test.ts). Their text is set in the device's own font: a Vietnamese
 * page would otherwise download 7 font files (~115 KB, more than half its script), and Chrome holds the first
 * paint while they arrive (issue 18: LCP ≤ 2.0 s; Lighthouse counts every file that lands before the paint).
 * Phones' own fonts (Roboto, San Francisco, Noto) carry Vietnamese; the owner's pages keep Be Vietnam Pro.
 */
export default async function PublicChatLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const locale = await pageLocale(params);
  return (
    <LiteMessagesFor locale={locale} namespaces={["chatUi", "publicChat"]}>
      <BlankLayout className="font-system [font-feature-settings:normal]">{children}</BlankLayout>
    </LiteMessagesFor>
  );
}
