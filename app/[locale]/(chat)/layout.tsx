import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LiteMessagesFor } from "@/components/i18n/lite-messages";
import { BlankLayout } from "@/components/shell/layouts";
import { LiteToastRegion } from "@/components/shell/lite-toast-region";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";
import { currentBuild } from "@/lib/version/build";

/**
 * The public chat pages (/{lang}/c…), what every visitor of every agent opens, mostly on a phone. Unlike the
 * site's other pages they load no next-intl client, toaster, account or version watcher: server-rendered
 * pages with one small client island for the chat, reading only the strings below, and the toast region drawn
 * by the server (deploy recovery and sonner start after the page: components/shell/lite-shell-start.tsx) (issue 18: ≤ 140 KB of
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
  const [toasts, version] = await Promise.all([getTranslations("toasts"), getTranslations("version")]);
  const { APP_NAME, VERSION_POLL_SECONDS } = config();
  return (
    <LiteMessagesFor locale={locale} namespaces={["chatUi", "publicChat"]}>
      <BlankLayout className="font-system [font-feature-settings:normal]">{children}</BlankLayout>
      <LiteToastRegion
        label={toasts("label")}
        buildId={currentBuild().buildId}
        pollSeconds={VERSION_POLL_SECONDS}
        newVersion={version("available", { appName: APP_NAME })}
        reload={version("reload")}
      />
    </LiteMessagesFor>
  );
}
