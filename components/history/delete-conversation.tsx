"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFailureToast } from "@/components/shell/failure-toast";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { useDeleteConversation } from "@/lib/client/queries/erase";

// Loaded on first opening: Radix's dialog stays out of the page's first load.
const BusyConfirmDialog = whenFirstOpen(() =>
  import("@/components/ui/busy-confirm-dialog").then((m) => m.BusyConfirmDialog),
);

/** Deletes the conversation on screen with its messages, after asking (issue 48). */
export function DeleteConversation({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const t = useTranslations("history.erase");
  const failed = useFailureToast();
  const remove = useDeleteConversation();
  const [asking, setAsking] = useState(false);

  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      toast.success(t("deleted"));
      setAsking(false);
      onDeleted();
    } catch (err) {
      failed(err);
    }
  };

  return (
    <div className="flex justify-end border-b p-2">
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => setAsking(true)}
        data-testid="history-delete-conversation"
      >
        {t("delete")}
      </Button>
      <BusyConfirmDialog
        open={asking}
        onOpenChange={(open) => !open && setAsking(false)}
        title={t("deleteTitle")}
        body={t("deleteBody")}
        cancel={t("cancel")}
        confirm={t("delete")}
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        contentProps={{ "data-testid": "history-delete-confirm" } as object}
      />
    </div>
  );
}
