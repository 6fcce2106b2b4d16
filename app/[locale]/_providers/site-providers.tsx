import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { AccountProvider } from "@/components/account/account-provider";
import { AppToaster } from "@/components/shell/app-toaster";
import { DeviceInfoProvider } from "@/components/shell/device-info";
import { VersionWatcher } from "@/components/shell/version-watcher";
import { config } from "@/lib/config";
import { deviceInfoFromUserAgent } from "@/lib/device/detect";
import { pageSession } from "@/lib/server/page-session";
import { currentBuild } from "@/lib/version/build";

/**
 * What the site's own pages (marketing, sign-in, billing, the signed-in app) share on the client: next-intl
 * with every message, the device and account state, the toaster and the new-version notice. The public chat
 * pages leave all of it out (app/[locale]/(chat)/layout.tsx): a visitor's phone downloads none of it.
 */
export async function SiteProviders({ children }: { children: ReactNode }) {
  const device = deviceInfoFromUserAgent((await headers()).get("user-agent") ?? "");
  const { APP_NAME, VERSION_POLL_SECONDS } = config();
  const build = currentBuild();
  const session = await pageSession();
  return (
    <NextIntlClientProvider>
      <DeviceInfoProvider initial={device}>
        <AccountProvider initial={session}>{children}</AccountProvider>
        <AppToaster />
        <VersionWatcher buildId={build.buildId} pollSeconds={VERSION_POLL_SECONDS} appName={APP_NAME} />
      </DeviceInfoProvider>
    </NextIntlClientProvider>
  );
}
