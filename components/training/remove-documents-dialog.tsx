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

/** Asks before removing, with the count; stays open (its button busy) until the server has answered. */
export function RemoveDocumentsDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  removing: boolean;
  onConfirm: () => void;
}) {
  const t = useTranslations("training");
  const { count, removing } = props;
  return (
    <AlertDialog open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("confirmTitle", { count })}</AlertDialogTitle>
          <AlertDialogDescription>{t("confirmBody", { count })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={removing}>{t("cancel")}</AlertDialogCancel>
          <AlertDialogAction
            disabled={removing}
            onClick={(e) => {
              e.preventDefault();
              props.onConfirm();
            }}
          >
            {removing && <LoaderCircleIcon className="animate-spin" aria-hidden />}
            {t("confirmRemove", { count })}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
