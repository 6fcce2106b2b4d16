"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ChangeEvent, type ComponentProps, type FormEvent, useId, useMemo, useState } from "react";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
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
import { Label } from "@/components/ui/label";
import { ApiClientError, api } from "@/lib/client/api";
import { browserTimeZone } from "@/lib/client/browser-time-zone";
import { OwnerQueries } from "@/lib/client/queries/provider";
import { useAccount } from "./account-provider";
import { SessionsList } from "./sessions-list";
import { UserAvatar } from "./user-avatar";

const UPDATE_PROFILE = `mutation UpdateProfile($input: ProfileInput!) {
  update_profile(input: $input) { avatar email first_name last_name time_zone }
}`;

type Saved = {
  avatar: string | null;
  email: string | null;
  first_name: string;
  last_name: string;
  time_zone: string | null;
};
type Form = { first_name: string; last_name: string; avatar: string; time_zone: string };
type Field = keyof Form;
type TextField = Exclude<Field, "time_zone">;

/** Every zone this browser knows, with the saved one kept even if it does not know it. */
function zoneChoices(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}
type Account = NonNullable<ReturnType<typeof useAccount>["account"]>;

/** Only a well-formed https address is previewed; anything else shows the initials, as it would be refused. */
function previewable(url: string): string | null {
  try {
    return new URL(url.trim()).protocol === "https:" ? url.trim() : null;
  } catch {
    return null;
  }
}

/** Edits the signed-in user's names and picture (update_profile) and lists their sessions. */
export function ProfileDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("profile");
  const { account } = useAccount();
  if (!account) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("close")} data-testid="profile-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        {/* The dialog also opens on pages outside the signed-in area, which have no query cache. */}
        <OwnerQueries>
          {/* Mounted on each opening, so it starts from the saved values, not from an abandoned edit. */}
          <ProfileForm account={account} onSaved={() => onOpenChange(false)} />
          <SessionsList />
        </OwnerQueries>
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({ account, onSaved }: { account: Account; onSaved: () => void }) {
  const t = useTranslations("profile");
  const { setAccount } = useAccount();
  const savedZone = account.time_zone ?? browserTimeZone();
  const [form, setForm] = useState<Form>(() => ({
    first_name: account.first_name ?? "",
    last_name: account.last_name ?? "",
    avatar: account.avatar ?? "",
    time_zone: savedZone,
  }));
  const zones = useMemo(() => zoneChoices(savedZone), [savedZone]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (input: Partial<Form>) => api.graphql<{ update_profile: Saved }>(UPDATE_PROFILE, { input }),
  });
  const saving = save.isPending;
  const id = useId();

  const change = (field: Field) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setErrors({});
    try {
      // Only what was edited: fixing the picture of an account without a name yet must not be refused
      // for the name nobody touched (the server keeps absent fields as they are).
      const saved: Form = {
        first_name: account.first_name ?? "",
        last_name: account.last_name ?? "",
        avatar: account.avatar ?? "",
        time_zone: account.time_zone ?? "",
      };
      const edited: Form = { ...form, avatar: form.avatar.trim() };
      const input = Object.fromEntries(
        (Object.keys(edited) as Field[]).filter((k) => edited[k] !== saved[k]).map((k) => [k, edited[k]]),
      );
      const data = await save.mutateAsync(input);
      setAccount({ ...account, ...data.update_profile });
      toast.success(t("saved"));
      onSaved();
    } catch (err) {
      const fields = err instanceof ApiClientError ? err.fields : undefined;
      if (fields && Object.keys(fields).length > 0) {
        setErrors(fields as Partial<Record<Field, string>>);
      } else {
        toast.error(t("saveFailed"), {
          description: err instanceof ApiClientError ? err.detail : undefined,
        });
      }
    }
  };

  const field = (name: TextField, label: string, props: ComponentProps<typeof Input> = {}) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const hintId = `${inputId}-hint`;
    const hint = name === "avatar" ? t("avatarHint") : undefined;
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          id={inputId}
          name={name}
          value={form[name]}
          onChange={change(name)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={
            [errors[name] ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined
          }
          {...props}
        />
        {hint && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
        {errors[name] && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="flex items-center gap-4">
        <UserAvatar
          account={{ first_name: form.first_name, last_name: form.last_name, email: account.email }}
          src={previewable(form.avatar)}
          className="size-16 text-lg"
        />
        <div className="min-w-0 text-sm">
          <p className="text-muted-foreground">{t("email")}</p>
          <p className="truncate font-medium">{account.email ?? t("noEmail")}</p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("first_name", t("firstName"), { autoComplete: "given-name" })}
        {field("last_name", t("lastName"), { autoComplete: "family-name" })}
      </div>
      {field("avatar", t("avatar"), {
        type: "url",
        inputMode: "url",
        autoComplete: "photo",
        placeholder: "https://",
        spellCheck: false,
      })}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-time_zone`}>{t("timeZone")}</Label>
        {/* Native: a searchable list on phones; w-full so a long zone name never widens the dialog. */}
        <select
          id={`${id}-time_zone`}
          name="time_zone"
          value={form.time_zone}
          onChange={change("time_zone")}
          aria-invalid={errors.time_zone ? true : undefined}
          aria-describedby={`${id}-time_zone-hint${errors.time_zone ? ` ${id}-time_zone-error` : ""}`}
          className="h-11 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:text-sm"
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <p id={`${id}-time_zone-hint`} className="text-xs text-muted-foreground">
          {t("timeZoneHint")}
        </p>
        {errors.time_zone && (
          <p id={`${id}-time_zone-error`} role="alert" className="text-sm text-destructive">
            {errors.time_zone}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="submit" disabled={saving}>
          {saving && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {saving ? t("saving") : t("save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
