"use client";

import { CircleIcon } from "lucide-react";
import { RadioGroup as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/ui/cn";

export function RadioGroup({ className, ...props }: React.ComponentProps<typeof Primitive.Root>) {
  return <Primitive.Root data-slot="radio-group" className={cn("grid gap-3", className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: React.ComponentProps<typeof Primitive.Item>) {
  return (
    <Primitive.Item
      data-slot="radio-group-item"
      className={cn(
        "aspect-square size-4 shrink-0 rounded-full border border-input text-primary shadow-xs outline-none transition-[color,box-shadow]",
        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
        "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[state=checked]:border-primary",
        className,
      )}
      {...props}
    >
      <Primitive.Indicator data-slot="radio-group-indicator" className="flex items-center justify-center">
        <CircleIcon className="size-2 fill-current" aria-hidden />
      </Primitive.Indicator>
    </Primitive.Item>
  );
}
