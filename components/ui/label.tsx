"use client";

import type * as React from "react";
import { cn } from "@/lib/ui/cn";

/**
 * A form label as Radix's Label draws it, without Radix's Primitive and Slot on every page with a form
 * (issue 18: page weight): a double click on the label does not select its text, unless it lands on a
 * control inside it.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control
    <label
      data-slot="label"
      className={cn("text-sm font-medium leading-none select-none peer-disabled:opacity-50", className)}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
