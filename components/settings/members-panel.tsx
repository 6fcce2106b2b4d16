"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { selectClassName } from "@/components/agents/form-field";
import { useFailureToast } from "@/components/shell/failure-toast";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { toast } from "@/components/shell/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { whenFirstOpen } from "@/components/ui/when-first-open";
import { loadStateOf } from "@/lib/client/queries/load-state";
import {
  useChangeRole,
  useCurrentWorkspace,
  useMembers,
  useRemoveMember,
  useWithdrawInvitation,
} from "@/lib/client/queries/workspaces";
import type { InvitationView, MemberView, WorkspaceRole } from "@/lib/contracts/workspaces";
import { cn } from "@/lib/ui/cn";
import { InviteForm } from "./invite-form";
import { atLeast, ROLES } from "./roles";

// Radix's dialog loads when first asked (issue 18: page weight).
const ConfirmDialog = whenFirstOpen(() => import("./confirm-dialog").then((m) => m.SettingsConfirmDialog));

type Asking = { kind: "remove"; member: MemberView } | { kind: "withdraw"; invitation: InvitationView };

/**
 * Settings → Members (issue 45): invite by e-mail, members with their roles, pending invitations. Controls
 * the caller's role cannot use are disabled; the server refuses them anyway.
 */
export function MembersPanel() {
  const t = useTranslations("settings.members");
  const roles = useTranslations("workspace.roles");
  const locale = useLocale();
  const dates = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }), [locale]);
  const failed = useFailureToast();
  const workspace = useCurrentWorkspace();
  const query = useMembers();
  const loaded = loadStateOf(query);
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const withdraw = useWithdrawInvitation();
  const [asking, setAsking] = useState<Asking | null>(null);
  const myRole: WorkspaceRole = workspace.data?.role ?? "support";
  const manages = atLeast(myRole, "admin");

  if (loaded.state === "failed") {
    return (
      <LoadFailed
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void query.refetch()}
        size="sm"
      />
    );
  }
  if (loaded.state === "loading" || !workspace.data) return <Loading label={t("loading")} />;
  const { members, invitations } = loaded.data;

  const setRole = async (m: MemberView, role: WorkspaceRole) => {
    try {
      await changeRole.mutateAsync({ id: m.id, role });
      toast.success(t("roleChanged", { name: m.name, role: roles(role) }));
    } catch (err) {
      failed(err);
    }
  };

  const confirm = async () => {
    if (!asking) return;
    try {
      if (asking.kind === "remove") {
        await remove.mutateAsync(asking.member.id);
        if (asking.member.me) {
          window.location.assign(`/${locale}/setup`);
          return;
        }
        toast.success(t("removed", { name: asking.member.name }));
      } else {
        await withdraw.mutateAsync(asking.invitation.id);
        toast.success(t("withdrawn", { email: asking.invitation.email }));
      }
      setAsking(null);
    } catch (err) {
      failed(err);
    }
  };

  return (
    <div className="grid gap-8">
      <section className="grid gap-3">
        <h2 className="font-semibold">{t("inviteTitle")}</h2>
        <InviteForm myRole={myRole} />
      </section>

      <section className="grid gap-3">
        <h2 className="font-semibold">{t("membersTitle", { count: members.length })}</h2>
        <ul className="grid gap-2" data-testid="members">
          {members.map((m) => {
            // Nobody changes someone above them or their own role here; the owner's role moves by transfer.
            // A workspace has exactly one owner: their role and membership change only by a transfer.
            const isOwner = m.role === "owner";
            const canChange = manages && !m.me && !isOwner && atLeast(myRole, m.role);
            const canRemove = !isOwner && (m.me || (manages && atLeast(myRole, m.role)));
            return (
              <li
                key={m.id}
                data-testid="member"
                data-email={m.email ?? ""}
                data-me={m.me ? "true" : undefined}
                className={cn(
                  "flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-center",
                  m.me && "border-primary/40",
                )}
              >
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium [overflow-wrap:anywhere]">
                    {m.name}
                    {m.me && <Badge variant="secondary">{t("you")}</Badge>}
                  </p>
                  {m.email && m.email !== m.name && (
                    <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{m.email}</p>
                  )}
                  <p className="text-xs text-muted-foreground">
                    {t("joined", { date: dates.format(new Date(m.joined_at)) })}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <select
                    aria-label={t("roleOf", { name: m.name })}
                    value={m.role}
                    disabled={!canChange || changeRole.isPending}
                    onChange={(e) => void setRole(m, e.target.value as WorkspaceRole)}
                    className={cn(selectClassName, "sm:w-40")}
                    data-testid="member-role"
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r} disabled={r === "owner" || !atLeast(myRole, r)}>
                        {roles(r)}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!canRemove}
                    onClick={() => setAsking({ kind: "remove", member: m })}
                    aria-label={m.me ? t("leave") : t("removeLabel", { name: m.name })}
                  >
                    {m.me ? t("leave") : t("remove")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="grid gap-3">
        <h2 className="font-semibold">{t("pendingTitle")}</h2>
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noPending")}</p>
        ) : (
          <ul className="grid gap-2" data-testid="invitations">
            {invitations.map((i) => (
              <li
                key={i.id}
                data-testid="invitation"
                data-email={i.email}
                className="flex flex-col gap-3 rounded-lg border border-dashed p-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium [overflow-wrap:anywhere]">{i.email}</p>
                  <p className="text-xs text-muted-foreground">
                    {roles(i.role)} · {t("expires", { date: dates.format(new Date(i.expires_at)) })}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!manages}
                  className="self-start sm:self-center"
                  onClick={() => setAsking({ kind: "withdraw", invitation: i })}
                  aria-label={t("withdrawLabel", { email: i.email })}
                >
                  {t("withdraw")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={asking !== null}
        onClose={() => !(remove.isPending || withdraw.isPending) && setAsking(null)}
        title={
          asking?.kind === "remove"
            ? asking.member.me
              ? t("leaveTitle")
              : t("removeTitle", { name: asking.member.name })
            : t("withdrawTitle", { email: asking?.kind === "withdraw" ? asking.invitation.email : "" })
        }
        body={
          asking?.kind === "remove"
            ? asking.member.me
              ? t("leaveBody")
              : t("removeBody")
            : t("withdrawBody")
        }
        confirm={asking?.kind === "withdraw" ? t("withdraw") : asking?.member.me ? t("leave") : t("remove")}
        pending={remove.isPending || withdraw.isPending}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
