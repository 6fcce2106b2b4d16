"use client";

import { Label as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/ui/cn";

export function Label({ className, ...props }: React.ComponentProps<typeof Primitive.Root>) {
  return (
    <Primitive.Root
      data-slot="label"
      className={cn("text-sm font-medium leading-none select-none peer-disabled:opacity-50", className)}
      {...props}
    />
  );
}
