"use client";

import { whenFirstOpen } from "./when-first-open";

/** ConfirmDialog, loaded the first time it opens (issue 18: Radix's dialog out of the first load). */
export const LazyConfirmDialog = whenFirstOpen(() => import("./confirm-dialog").then((m) => m.ConfirmDialog));

/** What the button opening a ConfirmDialog says about it, as an AlertDialogTrigger would. */
export const opensDialog = (open: boolean) =>
  ({ "aria-haspopup": "dialog", "aria-expanded": open, "data-state": open ? "open" : "closed" }) as const;
