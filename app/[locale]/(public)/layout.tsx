import type { ReactNode } from "react";
import { BlankLayout } from "@/components/shell/layouts";
import { SiteProviders } from "../_providers/site-providers";

export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <SiteProviders>
      <BlankLayout>{children}</BlankLayout>
    </SiteProviders>
  );
}
