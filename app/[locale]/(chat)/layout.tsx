import type { ReactNode } from "react";
import { LiteMessagesFor } from "@/components/i18n/lite-messages";
import { BlankLayout } from "@/components/shell/layouts";
import { pageLocale } from "@/lib/i18n/page";

/**
 * The public chat pages (/{lang}/c…), what every visitor of every agent opens, mostly on a phone. Unlike the
 * site's other pages they load no next-intl client, toaster, account or version watcher: server-rendered
 * pages with one small client island for the chat, reading only the strings below (issue 18: ≤ 140 KB of
 * gzipped script, tests/api/page-weight.test.ts).
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
      <BlankLayout>{children}</BlankLayout>
    </LiteMessagesFor>
  );
}
