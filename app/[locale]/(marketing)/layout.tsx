import type { ReactNode } from "react";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { config } from "@/lib/config";
import { SiteProviders } from "../_providers/site-providers";

export default function DefaultLayout({ children }: { children: ReactNode }) {
  const { APP_NAME } = config();
  return (
    <SiteProviders>
      <div data-layout="default" className="flex min-h-dvh flex-col">
        <SiteHeader appName={APP_NAME} />
        <main id="content" className="flex-1">
          {children}
        </main>
        <SiteFooter appName={APP_NAME} />
      </div>
    </SiteProviders>
  );
}
