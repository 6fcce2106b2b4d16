"use client";

import type { ComponentProps, ReactNode } from "react";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog";

export type BusyConfirmDialogProps = {
  /** Controlled by the page; leave both out when `trigger` opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it (an AlertDialogTrigger), for a dialog the page does not control. */
  trigger?: ReactNode;
  title: ReactNode;
  body: ReactNode;
  cancel: string;
  confirm: string;
  /** The confirmed action is running: the buttons are disabled and the dialog cannot be dismissed. */
  busy: boolean;
  onConfirm: () => void;
  /** Attributes for the dialog's content (test ids, data attributes). */
  contentProps?: Omit<ComponentProps<typeof AlertDialogContent>, "children">;
  confirmClassName?: string;
  /** "default" when confirming loses nothing (a billing cycle switch); red otherwise */
  confirmVariant?: "destructive" | "default";
};

/**
 * A confirmation that stays open, its button busy, until the action it confirms has been answered by the
 * server; the page closes it then. Escape and the cancel button do nothing while it is busy.
 */
export function BusyConfirmDialog(props: BusyConfirmDialogProps) {
  const { busy } = props;
  return (
    <AlertDialog
      open={props.open}
      onOpenChange={props.onOpenChange && ((open) => (open || !busy) && props.onOpenChange?.(open))}
    >
      {props.trigger && <AlertDialogTrigger asChild>{props.trigger}</AlertDialogTrigger>}
      <AlertDialogContent {...props.contentProps}>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.body}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{props.cancel}</AlertDialogCancel>
          <AlertDialogAction
            className={props.confirmClassName}
            variant={props.confirmVariant}
            disabled={busy}
            aria-busy={busy}
            onClick={(event) => {
              event.preventDefault();
              props.onConfirm();
            }}
          >
            {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            {props.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
