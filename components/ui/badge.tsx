import type * as React from "react";
import { cn } from "@/lib/ui/cn";

const BADGE_BASE =
  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap";
const BADGE_VARIANTS = {
  default: "border-transparent bg-primary/10 text-primary",
  secondary: "border-transparent bg-secondary text-secondary-foreground",
  outline: "text-foreground",
} as const;

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & { variant?: keyof typeof BADGE_VARIANTS | null }) {
  return (
    <span
      data-slot="badge"
      className={cn(BADGE_BASE, BADGE_VARIANTS[variant ?? "default"], className)}
      {...props}
    />
  );
}
