"use client";

import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";

/** A conversation on a phone: a full-width sheet over the list (components/history/history-view.tsx). */
export function DetailSheet(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <SheetContent
        side="right"
        closeLabel={props.closeLabel}
        className="w-full max-w-none overflow-y-auto bg-background"
        data-testid="history-detail"
      >
        <SheetTitle className="border-b p-4 pr-14 text-base font-semibold [overflow-wrap:anywhere]">
          {props.title}
        </SheetTitle>
        {props.children}
      </SheetContent>
    </Sheet>
  );
}
