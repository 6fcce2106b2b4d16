"use client";

import type { RefObject } from "react";
import { BusyConfirmDialog } from "./busy-confirm-dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  cancel: string;
  confirm: string;
  confirmClassName?: string;
  onConfirm: () => void;
  /** The button that opened it: focus goes back there on closing, as with an AlertDialogTrigger. */
  returnFocus: RefObject<HTMLElement | null>;
};

/**
 * A confirmation opened by a button of the page (an AlertDialog without its Trigger, so that it can load on
 * first opening: components/ui/lazy-confirm-dialog.ts).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <BusyConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      body={props.body}
      cancel={props.cancel}
      confirm={props.confirm}
      confirmClassName={props.confirmClassName}
      busy={false}
      onConfirm={() => {
        props.onOpenChange(false);
        props.onConfirm();
      }}
      contentProps={{
        onCloseAutoFocus: (event) => {
          event.preventDefault();
          props.returnFocus.current?.focus();
        },
      }}
    />
  );
}
