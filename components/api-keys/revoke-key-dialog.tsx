"use client";

import { useTranslations } from "next-intl";
import { BusyConfirmDialog } from "@/components/ui/busy-confirm-dialog";

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
    <BusyConfirmDialog
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={t("revokeTitle", { name: props.name })}
      body={t("revokeBody")}
      cancel={t("cancel")}
      confirm={t("revoke")}
      busy={props.pending}
      onConfirm={props.onConfirm}
    />
  );
}
