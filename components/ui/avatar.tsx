"use client";

import { Avatar as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/ui/cn";

export function Avatar({ className, ...props }: React.ComponentProps<typeof Primitive.Root>) {
  return (
    <Primitive.Root
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: React.ComponentProps<typeof Primitive.Image>) {
  return <Primitive.Image className={cn("aspect-square size-full object-cover", className)} {...props} />;
}

/** Shown while the image loads and when it fails (e.g. a broken URL): typically the initials. */
export function AvatarFallback({ className, ...props }: React.ComponentProps<typeof Primitive.Fallback>) {
  return (
    <Primitive.Fallback
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary uppercase",
        className,
      )}
      {...props}
    />
  );
}
