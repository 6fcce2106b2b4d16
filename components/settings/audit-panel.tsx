"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { LoaderCircleIcon } from "@/components/icons/lite/loader-circle";
import { LoadFailed, Loading } from "@/components/shell/load-state";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import { useAuditLog } from "@/lib/client/queries/workspaces";
import type { AuditEventView } from "@/lib/contracts/audit";

const ROLE_ACTIONS = new Set(["member.invited", "member.joined", "member.removed", "member.left"]);

/**
 * Settings → Audit (issue 45): who did what, when, from which address; a table on a wide screen, cards on a
 * phone, 50 at a time. Editors and support read the server's refusal.
 */
export function AuditPanel() {
  const t = useTranslations("settings.audit");
  const roles = useTranslations("workspace.roles");
  const locale = useLocale();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
    [locale],
  );
  const log = useAuditLog();

  if (log.error instanceof ApiClientError && log.error.status === 403) {
    return (
      <p className="text-muted-foreground" role="alert" data-testid="audit-forbidden">
        {log.error.detail}
      </p>
    );
  }
  if (log.isError) {
    return (
      <LoadFailed
        message={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void log.refetch()}
        size="sm"
      />
    );
  }
  if (log.isPending) return <Loading label={t("loading")} />;
  if (log.items.length === 0) return <p className="text-muted-foreground">{t("empty")}</p>;

  const roleName = (v: unknown) =>
    v === "owner" || v === "admin" || v === "editor" || v === "support" ? roles(v) : String(v ?? "");
  const actionOf = (e: AuditEventView) => {
    const key = e.action.replace(".", "_");
    return t.has(`actions.${key}`) ? t(`actions.${key}`) : e.action;
  };
  const detailOf = (e: AuditEventView) => {
    const d = e.detail;
    if (e.action === "member.role_changed") return `${roleName(d.from)} → ${roleName(d.to)}`;
    if (e.action === "plan.changed") return `${d.from ?? ""} → ${d.to ?? ""}`;
    if (ROLE_ACTIONS.has(e.action) && d.role) return roleName(d.role);
    return "";
  };
  const actorOf = (e: AuditEventView) => e.actor?.name || e.actor?.email || t("system");
  const targetOf = (e: AuditEventView) => e.target.label ?? e.target.id ?? "";

  return (
    <div className="grid gap-4">
      <div className="hidden overflow-x-auto rounded-lg border md:block">
        <table className="w-full text-left text-sm" data-testid="audit-table">
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">{t("when")}</th>
              <th className="px-3 py-2 font-medium">{t("who")}</th>
              <th className="px-3 py-2 font-medium">{t("what")}</th>
              <th className="px-3 py-2 font-medium">{t("target")}</th>
              <th className="px-3 py-2 font-medium">{t("address")}</th>
            </tr>
          </thead>
          <tbody>
            {log.items.map((e) => (
              <tr key={e.id} className="border-t align-top" data-action={e.action}>
                <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                  {dates.format(new Date(e.created_at))}
                </td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{actorOf(e)}</td>
                <td className="px-3 py-2">
                  {actionOf(e)}
                  {detailOf(e) && <span className="block text-xs text-muted-foreground">{detailOf(e)}</span>}
                </td>
                <td className="px-3 py-2 [overflow-wrap:anywhere]">{targetOf(e)}</td>
                <td className="px-3 py-2 font-mono text-xs text-muted-foreground">{e.ip ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 md:hidden" data-testid="audit-cards">
        {log.items.map((e) => (
          <li key={e.id} className="rounded-lg border bg-card p-3 text-sm" data-action={e.action}>
            <p className="font-medium">{actionOf(e)}</p>
            {targetOf(e) && <p className="[overflow-wrap:anywhere]">{targetOf(e)}</p>}
            {detailOf(e) && <p className="text-muted-foreground">{detailOf(e)}</p>}
            <p className="mt-1 text-xs text-muted-foreground [overflow-wrap:anywhere]">
              {actorOf(e)} · {dates.format(new Date(e.created_at))}
              {e.ip && <span className="font-mono"> · {e.ip}</span>}
            </p>
          </li>
        ))}
      </ul>
      {log.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage && <LoaderCircleIcon className="animate-spin" aria-hidden />}
          {t("loadMore")}
        </Button>
      )}
    </div>
  );
}
