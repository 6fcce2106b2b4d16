"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { selectClassName } from "@/components/agents/form-field";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { toast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiClientError } from "@/lib/client/api";
import { useInvite } from "@/lib/client/queries/workspaces";
import type { WorkspaceRole } from "@/lib/contracts/workspaces";
import { atLeast } from "./roles";

type Invitable = Exclude<WorkspaceRole, "owner">;
const INVITABLE: readonly Invitable[] = ["admin", "editor", "support"];

/** An address and a role no higher than one's own; the server's words under the field when it refuses. */
export function InviteForm({ myRole }: { myRole: WorkspaceRole }) {
  const t = useTranslations("settings.members");
  const roles = useTranslations("workspace.roles");
  const invite = useInvite();
  const allowed = atLeast(myRole, "admin");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Invitable>("editor");
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const sent = await invite.mutateAsync({ email, role });
      setEmail("");
      toast.success(t("invited", { email: sent.email }));
    } catch (err) {
      if (err instanceof ApiClientError) setError(err.fields?.email ?? err.fields?.role ?? err.detail);
      else setError(String(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" data-testid="invite-form" noValidate>
      {!allowed && <p className="text-sm text-muted-foreground">{t("inviteNotAllowed")}</p>}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={emailId}>{t("emailLabel")}</Label>
          <Input
            id={emailId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder={t("emailPlaceholder")}
            disabled={!allowed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={roleId}>{t("roleLabel")}</Label>
          <select
            id={roleId}
            name="role"
            value={role}
            onChange={(e) => setRole(e.target.value as Invitable)}
            disabled={!allowed}
            className={selectClassName}
          >
            {INVITABLE.map((r) => (
              <option key={r} value={r} disabled={!atLeast(myRole, r)}>
                {roles(r)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={!allowed || invite.isPending || !email.trim()}>
          {invite.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {t("invite")}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="invite-error">
          {error}
        </p>
      )}
    </form>
  );
}
