import { useTranslations } from "next-intl";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { Badge } from "@/components/ui/badge";
import type { DocumentListItem } from "@/lib/contracts/training";

/** Processing (spinning), failed or learned. */
export function DocumentStatusBadge({ doc }: { doc: DocumentListItem }) {
  const t = useTranslations("training");
  if (doc.status === "processing") {
    return (
      <Badge variant="secondary" data-status="processing">
        <LoaderCircleIcon className="size-3 animate-spin" aria-hidden />
        {t("status.processing")}
      </Badge>
    );
  }
  if (doc.status === "failed") {
    return (
      <Badge variant="outline" className="border-destructive/40 text-destructive" data-status="failed">
        {t("status.failed")}
      </Badge>
    );
  }
  return (
    <Badge data-status="completed" className="bg-emerald-600/10 text-emerald-700">
      {t("status.completed")}
    </Badge>
  );
}
