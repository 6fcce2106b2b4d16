import type { ReactNode } from "react";
import { LiteMessagesFor } from "@/components/i18n/lite-messages";
import { AppShell } from "@/components/shell/app-shell";
import { OwnerQueries } from "@/lib/client/queries/provider";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";
import { redirect } from "@/lib/i18n/redirect";
import { shellChoice } from "@/lib/server/page-agent";
import { pageSession } from "@/lib/server/page-session";
import { SiteProviders } from "../_providers/site-providers";

/**
 * Every page of this group requires sign-in (AUTH-6). A visitor with no session at all goes to the index
 * before anything renders; one with only a renewal token renders, and the browser renews or leaves.
 */
export default async function ChatLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const locale = await pageLocale(params);
  const session = await pageSession();
  if (session.state === "signed-out") redirect({ href: "/", locale });
  const choice = session.state === "signed-in" ? await shellChoice(session.account.id) : null;
  return (
    <SiteProviders>
      {/* The chat components (the owner's test chat, history) read the lite translations, as on public pages. */}
      <LiteMessagesFor locale={locale} namespaces={["chatUi", "publicChat"]}>
        <div data-layout="chat">
          <OwnerQueries>
            <AppShell appName={config().APP_NAME} choice={choice}>
              {children}
            </AppShell>
          </OwnerQueries>
        </div>
      </LiteMessagesFor>
    </SiteProviders>
  );
}
