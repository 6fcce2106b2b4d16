import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { PublicFrame } from "@/components/shell/public-frame";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { AcceptInvitation } from "@/components/workspaces/accept-invitation";
import { config } from "@/lib/config";
import { pageLocale } from "@/lib/i18n/page";
import { pageSession } from "@/lib/server/page-session";

/** A link with a secret in it: never indexed. */
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * Where an invitation's link lands (issue 45): signed in, one button accepts it; signed out, the sign-in
 * page, which comes back here afterwards (`?next=`). The token is checked only when accepting.
 */
export default async function InvitePage({ params }: { params: Promise<{ locale: string; token: string }> }) {
  const locale = await pageLocale(params);
  const { token } = await params;
  const t = await getTranslations("workspace.invite");
  // Only a token of the shape the server makes goes on into a link; anything else still gets the page.
  const safeToken = /^[A-Za-z0-9_-]{1,128}$/.test(token) ? token : "";
  const session = await pageSession();
  return (
    <PublicFrame appName={config().APP_NAME}>
      <PageHeader title={t("title")} />
      {session.state === "signed-out" ? (
        <Card className="items-center text-center" data-invite-status="signed-out">
          <p className="text-muted-foreground">{t("intro")}</p>
          <Button asChild>
            <a href={`/${locale}?next=${encodeURIComponent(`/invite/${safeToken}`)}`}>{t("signIn")}</a>
          </Button>
        </Card>
      ) : (
        <AcceptInvitation token={safeToken} locale={locale} />
      )}
    </PublicFrame>
  );
}
