"use client";

import { Dialog as Primitive } from "radix-ui";
import type * as React from "react";
import { XIcon } from "@/components/icons/lite/x";
import { cn } from "@/lib/ui/cn";

export const Sheet = Primitive.Root;
export const SheetTrigger = Primitive.Trigger;
export const SheetClose = Primitive.Close;
export const SheetTitle = Primitive.Title;

export function SheetContent({
  className,
  children,
  closeLabel,
  side = "left",
  ...props
}: React.ComponentProps<typeof Primitive.Content> & { closeLabel: string; side?: "left" | "right" }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
      <Primitive.Content
        aria-describedby={undefined}
        className={cn(
          "fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col bg-sidebar shadow-lg",
          "data-[state=open]:animate-in data-[state=open]:duration-200",
          side === "left"
            ? "left-0 data-[state=open]:slide-in-from-left"
            : "right-0 data-[state=open]:slide-in-from-right",
          className,
        )}
        {...props}
      >
        {children}
        <Primitive.Close
          className="absolute top-3 right-3 rounded-md p-2 text-muted-foreground hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none"
          aria-label={closeLabel}
        >
          <XIcon className="size-4" aria-hidden />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}
