import type { ReactNode } from "react";
import { LiteShellStarter } from "@/components/shell/lite-shell-starter";

/** The public chat's pages start the deploy recovery and the toaster once they run (the widget's frame does it itself). */
export default function PublicChatPagesLayout({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LiteShellStarter />
    </>
  );
}
