import { useTranslations } from "next-intl";
import { BusyConfirmDialog } from "@/components/ui/busy-confirm-dialog";

/** Asks before removing, with the count; stays open (its button busy) until the server has answered. */
export function RemoveDocumentsDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  removing: boolean;
  onConfirm: () => void;
}) {
  const t = useTranslations("training");
  const { count } = props;
  return (
    <BusyConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("confirmTitle", { count })}
      body={t("confirmBody", { count })}
      cancel={t("cancel")}
      confirm={t("confirmRemove", { count })}
      busy={props.removing}
      onConfirm={props.onConfirm}
    />
  );
}
