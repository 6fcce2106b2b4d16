"use client";

import { useTranslations } from "next-intl";
import { BusyConfirmDialog } from "@/components/ui/busy-confirm-dialog";

/** Asks before removing a member or withdrawing an invitation; busy until the server has answered. */
export function SettingsConfirmDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  body: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const t = useTranslations("settings.members");
  return (
    <BusyConfirmDialog
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={props.title}
      body={props.body}
      cancel={t("cancel")}
      confirm={props.confirm}
      busy={props.pending}
      onConfirm={props.onConfirm}
      contentProps={{ "data-testid": "settings-confirm" } as object}
    />
  );
}
