import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

/**
 * SHELL-2: the four layouts. Each root carries data-layout so tests and styles can tell them apart.
 * default = marketing frame (header, footer); chat = signed-in app shell; blank = bare page for public
 * chat and callbacks; empty = centred card for error pages.
 */
export function BlankLayout({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      data-layout="blank"
      className={cn("flex min-h-dvh flex-col bg-gradient-to-b from-background to-muted/40", className)}
    >
      {children}
    </div>
  );
}

export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <div data-layout="empty" className="grid min-h-dvh place-items-center bg-muted/40 px-4 py-12">
      {children}
    </div>
  );
}
