"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { useFailureToast } from "@/components/shell/failure-toast";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useEraseVisitor } from "@/lib/client/queries/erase";

const KEYS = ["phone", "email", "visitor_name", "conversation_id"] as const;
type Key = (typeof KEYS)[number];

/**
 * "Erase a visitor's data": every conversation of one visitor, found by phone, e-mail, name or one of their
 * conversations, after a second, explicit confirmation (nothing can bring them back).
 */
export function EraseVisitorDialog({
  open,
  onOpenChange,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("history.erase");
  const failed = useFailureToast();
  const erase = useEraseVisitor();
  const [key, setKey] = useState<Key>("phone");
  const [value, setValue] = useState("");
  const [confirming, setConfirming] = useState(false);

  const close = (next: boolean) => {
    if (erase.isPending) return;
    if (!next) {
      setConfirming(false);
      setValue("");
    }
    onOpenChange(next);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    try {
      const result = await erase.mutateAsync({ [key]: value.trim() });
      toast.success(t("erased", { conversations: result.conversations, contacts: result.contacts }));
      close(false);
    } catch (err) {
      failed(err);
      setConfirming(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t("cancel")} data-testid="history-erase-dialog">
        <form className="grid gap-4" onSubmit={(e) => void submit(e)}>
          <DialogHeader>
            <DialogTitle>{t("eraseVisitor")}</DialogTitle>
            <DialogDescription>{t("eraseBody")}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2" disabled={confirming}>
            <legend className="mb-2 text-sm font-medium">{t("findBy")}</legend>
            <div className="flex flex-wrap gap-3 text-sm">
              {KEYS.map((k) => (
                <label key={k} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="erase-key"
                    value={k}
                    checked={key === k}
                    onChange={() => setKey(k)}
                  />
                  {t(`by.${k}`)}
                </label>
              ))}
            </div>
            <Input
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-label={t(`by.${key}`)}
              type={key === "email" ? "email" : key === "phone" ? "tel" : "text"}
              maxLength={key === "email" ? 254 : 200}
              required
              data-testid="history-erase-value"
            />
          </fieldset>
          {confirming && (
            <p className="rounded-md bg-destructive/10 p-3 text-sm text-destructive" role="alert">
              {t("eraseConfirm", { value: value.trim() })}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={erase.isPending}>
              {t("cancel")}
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={erase.isPending || !value.trim()}
              aria-busy={erase.isPending}
              data-testid="history-erase-submit"
            >
              {erase.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
              {confirming ? t("eraseNow") : t("continue")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
