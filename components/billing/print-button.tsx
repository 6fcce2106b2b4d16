"use client";

import { PrinterIcon } from "@/components/icons/lite/printer";
import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog, where the invoice can also be saved as a PDF. */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button onClick={() => window.print()}>
      <PrinterIcon aria-hidden />
      {label}
    </Button>
  );
}
