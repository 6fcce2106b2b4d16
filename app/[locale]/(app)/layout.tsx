import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { config } from "@/lib/config";

export default function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <div data-layout="chat">
      <AppShell appName={config().APP_NAME}>{children}</AppShell>
    </div>
  );
}
