"use client";

import { useTranslations } from "next-intl";
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
} from "@/components/ui/alert-dialog";

/** Asks before revoking a key; stays open (its button busy) until the server has answered. */
export function RevokeKeyDialog(props: {
  open: boolean;
  onClose: () => void;
  name: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const t = useTranslations("apiKeys");
  return (
    <AlertDialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("revokeTitle", { name: props.name })}</AlertDialogTitle>
          <AlertDialogDescription>{t("revokeBody")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={props.pending}>{t("cancel")}</AlertDialogCancel>
          <AlertDialogAction
            disabled={props.pending}
            onClick={(e) => {
              // Open (and busy) until the server has answered.
              e.preventDefault();
              props.onConfirm();
            }}
          >
            {props.pending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            {t("revoke")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
