"use client";

import { useTranslations } from "next-intl";
import { BusyConfirmDialog } from "@/components/ui/busy-confirm-dialog";

/** Asks before disconnecting; stays open (its button busy) until the server has answered. */
export function DisconnectDialog(props: {
  open: boolean;
  onClose: () => void;
  label: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const t = useTranslations("channelsPage");
  return (
    <BusyConfirmDialog
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={t("disconnectTitle", { channel: props.label })}
      body={t("disconnectBody")}
      cancel={t("cancel")}
      confirm={t("disconnect")}
      confirmVariant="destructive"
      busy={props.pending}
      onConfirm={props.onConfirm}
    />
  );
}
